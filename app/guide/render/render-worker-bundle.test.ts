import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * render/ is exactly what the render worker's bundle holds
 * (react-router.config.ts builds it from render-worker.server.ts): the
 * worker reaches no module outside this folder but the guide's shared
 * types, and in particular nothing of load/ (reading the folder at start),
 * whatever the main process imports from here.
 */
const guideFolder = path.resolve(import.meta.dirname, "..");
const renderFolder = import.meta.dirname;

/** Every project module the worker's entry reaches through relative imports (type imports too), relative to app/guide/. */
function reachedFromWorker(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      const base = path.resolve(path.dirname(file), specifier!);
      const found = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
      if (!found) throw new Error(`${file} imports ${specifier}, which does not exist`);
      visit(found);
    }
  };
  visit(path.join(renderFolder, "render-worker.server.ts"));
  return [...seen].map((file) => path.relative(guideFolder, file)).sort();
}

test("the render worker reaches only render/ and the guide's shared types, nothing of load/", () => {
  const reached = reachedFromWorker();
  expect(reached).toEqual(expect.arrayContaining(["render/render-worker.server.ts", "render/markdown/render-markdown.server.ts"]));
  expect(reached.filter((file) => !file.startsWith(`render${path.sep}`) && file !== "guide-types.ts")).toEqual([]);
});
