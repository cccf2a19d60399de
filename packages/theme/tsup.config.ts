import { defineConfig } from "tsup";
import { minifiedHeadScriptFunctions } from "./scripts/minify-head-script.ts";

async function headScriptDefines() {
  const [apply, readCookie] = await minifiedHeadScriptFunctions();
  return {
    "globalThis.__THEME_SCRIPT_APPLY__": JSON.stringify(apply),
    "globalThis.__THEME_SCRIPT_READ_COOKIE__": JSON.stringify(readCookie),
  };
}

export default defineConfig(async () => ({
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
  // Browsers React 19 supports.
  target: "es2020",
  platform: "neutral",
  // Readable: apps minify what they ship, and the head script is minified text already.
  minify: false,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  external: ["react", "react-dom", "react-router", "react/jsx-runtime", "#server-side"],
  // The head script's functions as minified text, not as code that an app's
  // bundler might print again at any length (see src/head-script.ts).
  define: await headScriptDefines(),
}));
