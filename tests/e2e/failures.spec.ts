import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";

/**
 * What a visitor sees when a loader or a render fails: the production
 * build's own document, error page and error handling, with two routes that
 * fail on purpose added in a separate process (no such route ships).
 */
type Result = { answers: { path: string; status: number; html: string }[]; logged: string[] };

test("a failure in a loader or while rendering answers a 500 page with the site's chrome and no details", () => {
  const script = fileURLToPath(new URL("../support/render-failing-routes.ts", import.meta.url));
  const result = JSON.parse(execFileSync(process.execPath, [script], { encoding: "utf8" })) as Result;
  const [loaderFails, renderFails, afterwards] = result.answers;

  for (const answer of [loaderFails!, renderFails!]) {
    expect(answer.status, answer.path).toBe(500);
    expect(answer.html).toContain('<header class="site-header">');
    expect(answer.html).toContain('<footer class="site-footer">');
    expect(answer.html).toContain("Something went wrong");
    expect(answer.html, "no error details reach the browser").not.toMatch(/hunter2|secret|\.ts:\d+|\bat [\w.]+ \(/);
  }
  // Whoever runs the site finds both errors in the server's log.
  expect(result.logged.join("\n")).toContain("hunter2");
  expect(result.logged.join("\n")).toContain("render secret");
  // And the next request is served as usual.
  expect(afterwards!.status).toBe(200);
});
