import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import madge from "madge";
import { expect, it } from "vitest";

/**
 * No module may import itself through others, not even by `import type`:
 * a circle of types still ties its modules into one knot that is read and
 * changed as a whole, and a circle of values hands a module to another
 * before it has finished loading. madge draws the graph: the app and the
 * server as one (the server's tests import the app), the theme package from
 * its source.
 */
const root = fileURLToPath(new URL("../", import.meta.url));

// Said outright, though it is madge's default: type imports are followed.
const detectiveOptions = { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } };

/**
 * Imports of our own modules that madge could not follow, so that a circle
 * through one would go unseen. Not counted: a route's `./+types/…` (types
 * React Router writes, which import the route back by design), `…?url`
 * (a file's address, not a module) and `…?worker&url` (the address of a
 * script Vite bundles on its own, app/diagrams/diagram-script.tsx).
 */
function unfollowed(graph: madge.MadgeInstance): string[] {
  return graph.warnings().skipped.filter((specifier) => /^[.#]/.test(specifier) && !/\/\+types\/|[?&]url$/.test(specifier));
}

it("in the app and the server, no module imports itself through others, type imports included", async () => {
  const folders = ["app", "server"].map((folder) => path.join(root, folder));
  const graph = await madge(folders, {
    fileExtensions: ["ts", "tsx"],
    // Parsed here: given a path, madge reads it with TypeScript's JavaScript API, which TypeScript 7 no longer has.
    tsConfig: JSON.parse(fs.readFileSync(path.join(root, "tsconfig.json"), "utf8")),
    detectiveOptions,
    // The theme package is checked from its source below, not from its build.
    dependencyFilter: (file) => folders.some((folder) => file.startsWith(folder + path.sep)),
  });

  expect(unfollowed(graph)).toEqual([]);
  expect(graph.circular()).toEqual([]);
}, 30_000);

it("in the theme package, no module imports itself through others, type imports included", async () => {
  const built = await madge(path.join(root, "packages/theme/src"), { fileExtensions: ["ts", "tsx"], detectiveOptions });
  // "#server-side" (the option checks and the head script) leads madge,
  // through package.json "imports", to the build; TypeScript, through
  // tsconfig "paths", to src/server-side.ts. Each module of the build is put
  // back as the source module it was built from.
  const fromSource = (id: string) => id.replace(/^\.\.\/dist\/(.+)\.js$/, "$1.ts");
  const source = Object.entries(built.obj())
    .filter(([id]) => !id.startsWith("../dist/"))
    .map(([id, imports]) => [id, imports.map(fromSource)] as const);
  const graph = await madge(Object.fromEntries(source));

  expect(unfollowed(built), '"#server-side" is followed once the package is built: npm run build:theme').toEqual([]);
  expect(graph.circular()).toEqual([]);
}, 30_000);
