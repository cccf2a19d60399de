import type { Element, Root } from "hast";
import type { Options } from "rehype-katex";
import { EXIT, visit } from "unist-util-visit";
import type { VFile } from "vfile";

type Transform = (tree: Root, file: VFile) => void;
let loading: Promise<(options: Options) => Transform> | undefined;

/**
 * rehype-katex, loaded the first time a page has a formula: loading KaTeX
 * took about 20 ms on its own (the built render module loads about 7 ms
 * faster without it), which every start of the render worker would pay
 * before its first page, and most folders have no formula at all.
 */
export default function rehypeKatexWhenPresent(options: Options) {
  let transform: Transform | undefined;
  return async (tree: Root, file: VFile) => {
    if (!hasFormula(tree)) return;
    loading ??= import("rehype-katex").then((module) => module.default as unknown as (options: Options) => Transform);
    transform ??= (await loading)(options);
    transform(tree, file);
  };
}

/** remark-math's formulas and ```math fences are <code class="language-math"> once sanitised. */
function hasFormula(tree: Root): boolean {
  let found = false;
  visit(tree, "element", (node: Element) => {
    const classes = node.properties.className;
    if (node.tagName === "code" && Array.isArray(classes) && classes.includes("language-math")) {
      found = true;
      return EXIT;
    }
    return undefined;
  });
  return found;
}
