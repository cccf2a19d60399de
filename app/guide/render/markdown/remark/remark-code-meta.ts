import type { Code, Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * A fence's meta (```ts title="app.ts" {2}) normally travels as hast `data`,
 * which re-parsing raw HTML and sanitising drop. It is carried as the
 * `metastring` property instead, which Shiki reads, and which the sanitiser
 * lets through on <code> only.
 *
 * The language is tidied on the way: mdBook's ```rust,ignore is Rust, and
 * MkDocs' ``` { .python title="a.py" } is Python with that meta.
 */
export default function remarkCodeMeta() {
  return (tree: Root) => {
    visit(tree, "code", (node: Code) => {
      const info = [node.lang, node.meta].filter(Boolean).join(" ").trim();
      const braced = /^\{(.*)\}$/.exec(info);
      if (braced) {
        const language = /(?:^|\s)\.([\w+#-]+)/.exec(braced[1] ?? "");
        node.lang = language?.[1] ?? null;
        node.meta = (braced[1] ?? "").replace(language?.[0] ?? "", " ").trim() || null;
      } else if (node.lang?.includes(",")) {
        node.lang = node.lang.split(",")[0] || null;
      }
      if (!node.meta) return;
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, metastring: node.meta } };
    });
  };
}
