import type { Code, Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * A fence's meta (```ts title="app.ts" {2}) normally travels as hast `data`,
 * which re-parsing raw HTML and sanitising drop. It is carried as the
 * `metastring` property instead, which Shiki reads, and which the sanitiser
 * lets through on <code> only. The language and meta were tidied first
 * (remark-fence-language.ts).
 */
export default function remarkCodeMeta() {
  return (tree: Root) => {
    visit(tree, "code", (node: Code) => {
      if (!node.meta) return;
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, metastring: node.meta } };
    });
  };
}
