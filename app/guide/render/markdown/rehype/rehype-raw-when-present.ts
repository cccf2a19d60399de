import type { Root } from "hast";
import rehypeRaw from "rehype-raw";
import type { Processor } from "unified";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";

/**
 * rehype-raw, run only on documents that have raw HTML: re-parsing a whole
 * tree through parse5 is the costliest step after highlighting, and most
 * pages have no HTML in them at all.
 */
export default function rehypeRawWhenPresent(this: Processor) {
  const transform = rehypeRaw.call(this as never) as (tree: Root, file: VFile) => Root;
  return (tree: Root, file: VFile) => {
    let found = false;
    visit(tree, "raw", () => {
      found = true;
      return false;
    });
    return found ? transform(tree, file) : tree;
  };
}
