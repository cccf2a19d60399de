import type { Config } from "@react-router/dev/config";
import { build } from "vite";
import { recordThirdPartyLicenses, THIRD_PARTY_RECORDS } from "./scripts/third-party-licenses.ts";

export default {
  ssr: true,
  // The whole route manifest is a few routes: send it with the first page
  // instead of serving /__manifest lookups, one less endpoint to abuse.
  routeDiscovery: { mode: "initial" },
  // The guide's render worker (app/guide/render/render-worker.server.ts, started by service/render-worker-client.server.ts) is a
  // second entry beside the server bundle: build/worker/render-worker.js.
  // Its dependencies stay imports of node_modules, as the server's do (but Lucide's icons).
  async buildEnd({ viteConfig }) {
    await build({
      configFile: false,
      root: viteConfig.root,
      logLevel: "warn",
      publicDir: false,
      // As the server's (vite.config.ts): Lucide's icons bundled, the rest imports.
      ssr: { noExternal: ["lucide"] },
      plugins: [recordThirdPartyLicenses(THIRD_PARTY_RECORDS, { name: "render-worker" })],
      build: {
        ssr: "app/guide/render/render-worker.server.ts",
        outDir: "build/worker",
        emptyOutDir: true,
        minify: true,
        sourcemap: true,
        rollupOptions: { output: { entryFileNames: "render-worker.js" } },
      },
    });
  },
} satisfies Config;
