import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    server: "src/server.ts",
    // The two sides of "#server-side" (package.json "imports"), kept apart
    // so that browsers' bundles never see the server's half.
    "server-side": "src/server-side.ts",
    "server-side.browser": "src/server-side.browser.ts",
  },
  format: ["esm"],
  // Declarations come from tsc (tsconfig.build.json): tsup's own need the
  // TypeScript JavaScript API, which TypeScript 7 no longer ships.
  dts: false,
  // Browsers React 19 supports; the head script is sent as written here.
  target: "es2020",
  platform: "neutral",
  // Minified because the head script is its function's source text: every
  // byte of it is in every page.
  minify: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  external: ["react", "react-dom", "react-router", "react/jsx-runtime", "#server-side"],
});
