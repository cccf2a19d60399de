import { reactRouter } from "@react-router/dev/vite";
import { FontaineTransform } from "fontaine";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { defineConfig } from "vite";
import { contentLiveReload } from "./app/guide/dev/vite-plugin-content.ts";
import { recordThirdPartyLicenses, THIRD_PARTY_RECORDS, writeBrowserNotices } from "./scripts/third-party-licenses.ts";

const require = createRequire(import.meta.url);
// Every subset of Inter shares one design; measure the Latin file, which is
// the one this site's text is set in.
const interLatinFile = pathToFileURL(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));

/**
 * The browser's chunks: React and React Router in one (it changes only when
 * they are upgraded, so browsers keep it across releases), the site's code
 * that more than one route uses in another, and each route's own code in
 * its route's. Left to itself the bundler cut a first visit into 14 files,
 * some of a few hundred bytes: each a request the browser finds only after
 * the one importing it (pages carry no module preloads, see
 * app/module-preloads.server.ts), and each compressed on its own. Grouped,
 * a first visit is 6 files and 4 KB smaller gzipped (BENCHMARKS.md).
 */
const browserChunks = [
  { name: "vendor", test: /[\\/]node_modules[\\/]/, priority: 2 },
  // The theme package's files are its built dist, found through the workspace's link.
  { name: "shared", test: /[\\/](app|packages[\\/]theme[\\/]dist)[\\/]/, minShareCount: 2, priority: 1 },
];

export default defineConfig({
  // The stylesheet names its fonts relative to itself (both are in assets/):
  // a static export served from a base path (`build --base`) finds them
  // there. The pages name the stylesheet through the router, which knows the base.
  experimental: { renderBuiltUrl: (_file, { hostType }) => (hostType === "css" ? { relative: true } : undefined) },
  environments: {
    // Minified so that the blocking theme script, sent as its function's
    // source text, stays well under 1 KB; source maps keep stack traces
    // readable (the server runs with --enable-source-maps).
    // Lucide's icons (app/guide/render/markdown/starlight-icons.ts) are bundled:
    // the few the site draws, not 67 module files read when the server starts.
    ssr: { build: { minify: true, sourcemap: true }, resolve: { noExternal: ["lucide"] } },
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: browserChunks } } } } },
  },
  // The browser's dependencies, pre-bundled up front. Without discovery the
  // development server never reloads a page to add one it found late (it
  // would otherwise find the server-only Markdown libraries that route
  // modules import for their loaders).
  optimizeDeps: {
    noDiscovery: true,
    // Mermaid too, for pages with diagrams (app/diagrams/): some of its dependencies are CommonJS.
    include: ["react", "react-dom", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime", "react-router", "react-router/dom", "mermaid"],
  },
  // Bundles of their own (`?worker&url`, app/diagrams/diagram-script.tsx) as
  // ES modules, so that one can load its parts as it needs them.
  worker: { format: "es", plugins: () => [recordThirdPartyLicenses(THIRD_PARTY_RECORDS, { worker: true })] },
  plugins: [
    // Adds a fallback @font-face whose metrics are adjusted to Inter, so the
    // swap from the local fallback to the web font moves nothing.
    FontaineTransform.vite({
      fallbacks: ["Arial", "Arimo", "Helvetica Neue"],
      resolvePath: () => interLatinFile,
    }),
    reactRouter(),
    // Development only: edits to the content folder show without a restart.
    contentLiveReload(),
    recordThirdPartyLicenses(THIRD_PARTY_RECORDS),
    // /third-party-notices.md, served and exported with the browser's files.
    writeBrowserNotices(THIRD_PARTY_RECORDS),
  ],
});
