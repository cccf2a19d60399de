/**
 * The head script's two functions, minified the way the build embeds them
 * (tsup.config.ts defines them into src/head-script.ts). esbuild is tsup's
 * own compiler, so it is there whenever tsup is.
 */
import { transform } from "esbuild";
import { applyThemeBeforePaint } from "../src/head-script.ts";
import { readCookie } from "../src/theme-cookie.ts";

export async function minifiedHeadScriptFunctions(): Promise<[string, string]> {
  return [await minifyFunction(String(applyThemeBeforePaint)), await minifyFunction(String(readCookie))];
}

async function minifyFunction(source: string): Promise<string> {
  // esbuild keeps `const` when it is not bundling; in code that already
  // runs with `const`, `let` does the same, two bytes shorter in every page,
  // and declarations of one kind in a row are merged into one statement.
  const withLet = source.replaceAll(/\bconst\b/g, "let");
  // An assignment makes the function an expression the minifier keeps whole.
  const { code } = await transform(`x=${withLet}`, { minify: true, target: "es2020", loader: "js" });
  return code.trim().replace(/^x=/, "").replace(/;$/, "");
}
