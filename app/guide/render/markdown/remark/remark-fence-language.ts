import type { Code, Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * The fence's language as Shiki knows it, with whatever other tools write
 * into the same word moved to the meta, before anything reads either (a
 * VitePress code group labels a tab by its language, remark-tab-sets.ts):
 * - VitePress' ```ts{1,4-6}, ```ts:line-numbers and both together
 *   (```ts{1}:line-numbers) mean what ```ts {1,4-6} :line-numbers means;
 * - mdBook's ```rust,ignore is Rust;
 * - MkDocs' ``` { .python title="a.py" } is Python with that meta.
 */
export default function remarkFenceLanguage() {
  return (tree: Root) => {
    visit(tree, "code", (node: Code) => {
      const info = [node.lang, node.meta].filter(Boolean).join(" ").trim();
      const braced = /^\{(.*)\}$/.exec(info);
      if (braced) {
        const language = /(?:^|\s)\.([\w+#-]+)/.exec(braced[1] ?? "");
        node.lang = language?.[1] ?? null;
        node.meta = (braced[1] ?? "").replace(language?.[0] ?? "", " ").trim() || null;
        return;
      }
      const vitepress = vitepressLanguage.exec(node.lang ?? "");
      if (vitepress) {
        const options = vitepress[2]!.match(vitepressOption) ?? [];
        node.lang = vitepress[1]!;
        node.meta = [...options, node.meta].filter(Boolean).join(" ");
      } else if (node.lang?.includes(",")) {
        node.lang = node.lang.split(",")[0] || null;
      }
    });
  };
}

/** A VitePress option glued to the language: highlighted lines in braces, or line numbers on or off (from a given line). */
const vitepressOption = /\{[\d,-]*\}|:(?:no-)?line-numbers(?:=\d+)?/g;
const vitepressLanguage = new RegExp(`^([^{:]+)((?:${vitepressOption.source})+)$`);
