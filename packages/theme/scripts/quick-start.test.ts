import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { applyQuickStartStep, quickStartSteps, type QuickStartStep } from "./quick-start.ts";

const readme = fs.readFileSync(new URL("../README.md", import.meta.url), "utf8");
const template = fileURLToPath(new URL("../test/templates/default/", import.meta.url));

const made: string[] = [];
/** A copy of the default-template fixture, as `npx create-react-router` would leave it. */
function freshTemplate(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quick-start-"));
  made.push(dir);
  fs.cpSync(template, dir, { recursive: true, filter: (source) => !/[/\\](node_modules|build|\.react-router)$/.test(source) });
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), "utf8");

describe("the README's quick start", () => {
  it("is new files plus diffs of the template's routes.ts, root.tsx and app.css", () => {
    expect(quickStartSteps(readme).map(({ kind, path }) => `${kind}: ${path}`)).toEqual([
      "new file: app/theme.ts",
      "new file: app/routes/theme.ts",
      "change: app/routes.ts",
      "change: app/root.tsx",
      "change: app/app.css",
    ]);
  });

  it("applies to React Router's default template and keeps what the template had", () => {
    const app = freshTemplate();
    for (const step of quickStartSteps(readme)) applyQuickStartStep(app, step);

    const root = read(app, "app/root.tsx");
    expect(root).toContain('import "./app.css";');
    expect(root).toContain("export const links: Route.LinksFunction");
    expect(root).toContain("export function ErrorBoundary");
    expect(root).toMatch(/<ThemeHtml theme=\{theme\} preference=\{data\?\.theme\} lang="en">[\s\S]*<\/ThemeHtml>/);
    expect(root).not.toMatch(/<\/?html/);

    const css = read(app, "app/app.css");
    expect(css).toContain('@import "tailwindcss";');
    expect(css).toContain("@custom-variant dark {");
    expect(css).toContain("@apply bg-white dark:bg-gray-950;");
    expect(css).not.toMatch(/^\s*color-scheme:/m);
    expect(read(app, "app/routes.ts")).toContain('route("theme", "routes/theme.ts")');
  });
});

describe("applyQuickStartStep", () => {
  it("refuses a whole file in place of one the template has", () => {
    const app = freshTemplate();
    const step: QuickStartStep = { kind: "new file", path: "app/root.tsx", content: "export default function App() {}\n" };
    expect(() => applyQuickStartStep(app, step)).toThrow(/already has one.*```diff/);
    expect(read(app, "app/root.tsx")).toContain("export const links");
  });

  it("fails, naming the hunk, when a change does not fit the template", () => {
    const app = freshTemplate();
    const diff = ["--- a/app/app.css", "+++ b/app/app.css", "@@ -1,3 +1,4 @@", ' @import "tailwind";', "+/* added */", " ", " @theme {", ""].join("\n");
    expect(() => applyQuickStartStep(app, { kind: "change", path: "app/app.css", diff })).toThrow(/does not apply[\s\S]*@import "tailwind";/);
    expect(read(app, "app/app.css")).not.toContain("added");
  });

  it("refuses a diff whose header names another file than its title", () => {
    const app = freshTemplate();
    const diff = ["--- a/app/root.tsx", "+++ b/app/root.tsx", "@@ -1,1 +1,1 @@", "-@import \"tailwindcss\";", "+@import 'tailwindcss';", ""].join("\n");
    expect(() => applyQuickStartStep(app, { kind: "change", path: "app/app.css", diff })).toThrow(/names a\/app\/root\.tsx/);
  });

  it("refuses a path outside the app", () => {
    const app = freshTemplate();
    expect(() => applyQuickStartStep(app, { kind: "new file", path: "../outside.ts", content: "" })).toThrow(/not a path inside the app/);
  });
});
