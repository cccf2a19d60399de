import { run } from "../../scripts/hostile-requests";
import { freePort, spawnServer, startServer } from "../../scripts/start-server";
import { expect, test } from "./fixtures";

/** Tests of the production server as a process: each starts its own. */

test("SIGTERM under load: requests in flight finish whole, then the process exits 0", async ({ request }) => {
  const reference = await (await request.get("/guide/themes")).text();
  const server = await startServer();
  const outcomes = { complete: 0, refused: 0, cut: 0, wrong: 0 };

  let sending = true;
  async function client() {
    while (sending) {
      let response: Response;
      try {
        response = await fetch(`${server.url}/guide/themes`);
      } catch {
        // Not accepted: the server had stopped listening. Never in flight.
        outcomes.refused++;
        continue;
      }
      try {
        const body = await response.text();
        // The nonce differs per response; everything else is the same page.
        if (response.status === 200 && body.length === reference.length) outcomes.complete++;
        else outcomes.wrong++;
      } catch {
        outcomes.cut++;
      }
    }
  }
  const clients = Array.from({ length: 50 }, client);

  await expect.poll(() => outcomes.complete, { timeout: 10_000 }).toBeGreaterThan(100);
  const stoppedAt = Date.now();
  const exitCode = await server.stop("SIGTERM");
  const secondsToExit = (Date.now() - stoppedAt) / 1000;
  sending = false;
  await Promise.all(clients);

  expect(exitCode).toBe(0);
  expect(secondsToExit).toBeLessThan(5);
  expect(outcomes.cut, "responses cut off mid-body").toBe(0);
  expect(outcomes.wrong, "responses that were not the whole page").toBe(0);
  expect(server.output()).toContain("SIGTERM: finishing requests in flight");
});

test("front matter that is not valid YAML stops the start with a message naming the file, the line and the problem", async () => {
  const fs = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-"));
  await fs.writeFile(path.join(folder, "good.md"), "# Good\n\nText.\n");
  // Line 3 of the file opens a list it never closes.
  await fs.writeFile(path.join(folder, "broken.md"), "---\ntitle: Broken\ntags: [one, two\n---\nText.\n");

  const error = await startServer({ CONTENT_DIR: folder }).then(
    async (server) => {
      await server.stop();
      return null;
    },
    (failure: Error) => failure,
  );
  // file:line:column, as editors and terminals link them.
  expect(error?.message).toContain(`${path.join(folder, "broken.md")}:3:`);
  expect(error?.message).toContain("front matter is not valid YAML");
  await fs.rm(folder, { recursive: true });
});

test("a page whose file is removed, or made a link out of the folder, while the server runs has no Markdown any more: 404, nothing of the link's target, and the server goes on", async () => {
  const fs = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "guide-"));
  const folder = path.join(root, "docs");
  await fs.mkdir(folder);
  await fs.writeFile(path.join(root, "secret.txt"), "the gardener's key\n");
  for (const name of ["index", "alpha", "beta"]) await fs.writeFile(path.join(folder, `${name}.md`), `# ${name}\n\nText of ${name}.\n`);
  const server = await startServer({ CONTENT_DIR: folder });
  try {
    expect((await fetch(`${server.url}/guide/alpha.md`)).status).toBe(200);
    await fs.rm(path.join(folder, "alpha.md"));
    await fs.rm(path.join(folder, "beta.md"));
    await fs.symlink(path.join(root, "secret.txt"), path.join(folder, "beta.md"));
    for (const url of ["/guide/alpha.md", "/guide/beta.md"]) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain("gardener");
    }
    const everything = await (await fetch(`${server.url}/llms-full.txt`)).text();
    expect(everything).toContain("Text of index.");
    expect(everything).not.toContain("gardener");
    expect((await fetch(`${server.url}/guide`)).status).toBe(200);
  } finally {
    await server.stop();
    await fs.rm(root, { recursive: true });
  }
});

test("a control character the folder puts in the server's log is printed as an escape, so a page cannot drive the terminal", async () => {
  const fs = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-"));
  // An include of a file that is not there is named in a warning at start, its target as written.
  await fs.writeFile(path.join(folder, "index.md"), "# Home\n\n{{#include \u001b[2Jcleared\u0007.txt}}\n");
  const server = await startServer({ CONTENT_DIR: folder });
  try {
    await expect.poll(() => server.output()).toContain("\\u001b[2Jcleared\\u0007.txt");
    expect(server.output()).not.toMatch(/[\u001b\u0007]/);
  } finally {
    await server.stop();
    await fs.rm(folder, { recursive: true });
  }
});

test("a form post to the theme's data address from another site, or with an Origin that is no URL, is refused with a 400 and one line in the log, no stack trace", async () => {
  const server = await startServer();
  try {
    // React Router refuses these before the action is asked (/theme refuses its own, 403); a post to a page,
    // which has no action, is answered 405 before React Router (request-methods.spec.ts).
    const posts = [
      { url: "/theme.data", origin: "https://elsewhere.example" },
      { url: "/theme.data", origin: "not a url" },
    ];
    for (const { url, origin } of posts) {
      const response = await fetch(`${server.url}${url}`, { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "theme=dark", redirect: "manual" });
      expect(response.status, `${url} from ${origin}`).toBe(400);
      expect(response.headers.get("set-cookie"), "no theme was set").toBeNull();
    }
    await expect.poll(() => server.output().match(/^Refused POST /gm)?.length ?? 0).toBe(posts.length);
    expect(server.output()).not.toMatch(/^\s+at /m);
  } finally {
    await server.stop();
  }
});

test("a setting that cannot be used stops the start with one line naming it, exit status 1 and no stack trace", async () => {
  for (const [name, value] of [["PORT", "http"], ["EDIT_URL_BASE", "javascript:alert(1)"]] as const) {
    const server = spawnServer(await freePort(), { [name]: value });
    // "close": once its output is read to the end too.
    const exitCode = await new Promise((resolve) => server.process.once("close", resolve));
    expect(exitCode).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Cannot start: ${name} must be .*\\(got "${value.replace(/[()]/g, "\\$&")}"\\)$`));
  }
});

test("hundreds of hostile requests get clean 4xx or normal answers, and the server keeps serving", async ({ baseURL, request }) => {
  // The short version of npm run bench:hostile: every shape of request, several times over.
  const report = await run(baseURL!, 400, 8);
  expect(report.sent).toBe(400);
  expect(report.findings).toEqual([]);
  expect([...report.byStatus.keys()].filter((status) => !/^[234]\d\d$/.test(status))).toEqual([]);
  expect((await request.get("/healthz")).status()).toBe(200);
});
