/**
 * Makes the package's run-time files from the site's production build (the
 * repository's `npm run build`, which `prepack` runs first):
 *
 *   dist/cli.js                   the command, with the production server
 *   build/server/index.js         the site's server bundle
 *   build/worker/render-worker.js the guide's render worker
 *   build/client/                 the browser's files, as built
 *
 * The same layout as the repository's (server/ beside build/), so the server
 * finds the build where it always does. Every dependency is bundled in except
 * React, React DOM and React Router: those stay the package's dependencies,
 * so the server and the pages share one copy of each (a context key made on
 * one side must be the same object on the other). Nothing that compiles,
 * bundles or tests is needed at run time. Pagefind (the static export's
 * search index) stays a dependency too, for the binary it installs.
 *
 * The third-party code all of it carries (what the site's builds bundled,
 * the browser's files included, and what these bundles add) is listed with
 * its licences in THIRD-PARTY-NOTICES.md (scripts/third-party-licenses.ts).
 *
 * Usage, from packages/cli: node scripts/bundle.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type InlineConfig } from "vite";
import { recordThirdPartyLicenses, THIRD_PARTY_RECORDS, writeThirdPartyNotices } from "../../../scripts/third-party-licenses.ts";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const siteBuild = fileURLToPath(new URL("../../../build/", import.meta.url));
const SHARED = ["react", "react-dom", "react-router"];
// Pagefind runs its own binary, which its package picks for the platform at install.
const EXTERNAL = [...SHARED, "pagefind"];

if (!fs.existsSync(`${siteBuild}server/index.js`) || !fs.existsSync(`${siteBuild}worker/render-worker.js`) || !fs.existsSync(THIRD_PARTY_RECORDS)) {
  console.error("No production build of the site: run `npm run build` at the repository's root first.");
  process.exit(1);
}

const started = performance.now();
fs.rmSync(`${packageDir}build`, { recursive: true, force: true });
fs.rmSync(`${packageDir}dist`, { recursive: true, force: true });
fs.cpSync(`${siteBuild}client`, `${packageDir}build/client`, { recursive: true });

// What these bundles add to the site's own records, kept out of the package.
const records = fs.mkdtempSync(path.join(os.tmpdir(), "themed-guide-third-party-"));
await Promise.all([
  bundle({ index: `${siteBuild}server/index.js` }, "build/server", records),
  bundle({ "render-worker": `${siteBuild}worker/render-worker.js` }, "build/worker", records),
  // The server forks its compressor from the file beside it (server/brotli-compressor.ts).
  bundle({ cli: `${packageDir}src/cli.ts`, "brotli-compressor-process": `${packageDir}../../server/brotli-compressor-process.ts` }, "dist", records, "#!/usr/bin/env node"),
]);
fs.chmodSync(`${packageDir}dist/cli.js`, 0o755);
const recordFiles = [THIRD_PARTY_RECORDS, records].flatMap((directory) => fs.readdirSync(directory).map((name) => path.join(directory, name)));
const packages = writeThirdPartyNotices(recordFiles, `${packageDir}THIRD-PARTY-NOTICES.md`, "themed-guide");
fs.rmSync(records, { recursive: true, force: true });
console.log(`Bundled the command, the server and the render worker in ${((performance.now() - started) / 1000).toFixed(1)} s; ${packages} third-party packages in THIRD-PARTY-NOTICES.md`);

function bundle(entries: Record<string, string>, outDir: string, records: string, banner?: string) {
  const config: InlineConfig = {
    configFile: false,
    root: packageDir,
    logLevel: "warn",
    publicDir: false,
    plugins: [recordThirdPartyLicenses(records, { name: outDir.replaceAll("/", "-") })],
    ssr: { target: "node", noExternal: true, external: EXTERNAL },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: "node22",
      minify: true,
      sourcemap: false,
      rollupOptions: {
        input: entries,
        output: {
          entryFileNames: "[name].js",
          // Beside the entry: a chunk that resolves a file by its own URL
          // ("../worker/render-worker.js") finds it as the entry would.
          chunkFileNames: "[name]-[hash].js",
          banner,
        },
      },
    },
  };
  return build(config);
}
