import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

/**
 * The production image runs server/ from source and copies only what it
 * needs of the rest (the Dockerfile's runtime stage). A file the server
 * imports that the image lacks fails only when the container starts, so
 * the list is checked here against the server's imports.
 */
const root = fileURLToPath(new URL("../", import.meta.url));

/** Every project file server/index.ts loads through relative imports, static or dynamic (`import type` is erased, so not followed). */
function serverSourceFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(path.join(root, file), "utf8");
    const runtimeSource = source.replace(/^import type [^;]*;/gm, "");
    const specifiers = [...runtimeSource.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)["'](\.{1,2}\/[^"']+)["']/gm)].map((match) => match[1]!);
    for (const specifier of specifiers) visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
  };
  visit("server/index.ts");
  return [...seen].sort();
}

/** What the runtime stage copies from the build context (not from another stage), as paths in the image's /app. */
function runtimeCopies(): string[] {
  const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
  return [...runtime.matchAll(/^COPY\s+(?!--from)(\S+)\s+(\S+)$/gm)].map(([, from]) => from!.replace(/\/$/, ""));
}

test("the production image copies every file the server imports from source", () => {
  const files = serverSourceFiles();
  expect(files).toEqual(expect.arrayContaining(["server/index.ts", "server/serve.ts", "server/page-cache.ts"]));

  const copies = runtimeCopies();
  const missing = files.filter((file) => !copies.some((copied) => file === copied || file.startsWith(`${copied}/`)));
  expect(missing).toEqual([]);
});

test("the server loads nothing of app/ from source: it reaches the app only through the build's server seam", () => {
  expect(serverSourceFiles().filter((file) => file.startsWith("app/"))).toEqual([]);
});
