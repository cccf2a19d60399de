import type { Html, Paragraph, Parent, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import type { Processor } from "unified";
import { SKIP, visit } from "unist-util-visit";
import { mapLinesOutsideCode, wrapParser } from "../rewrite-source";
import { separateTabItems } from "./mdx-tab-lines";

/**
 * What other tools' Markdown dialects add that this site does not run:
 * MDX's top-level `import`/`export` lines and its comments (a slash-star
 * comment in braces), VitePress' and markdown-it's `[[toc]]` (the page has
 * its own contents list). They are removed (comments before parsing, as
 * Markdown would read stars in them as emphasis). Self-closing component tags (`<Badge text="beta" />`,
 * `<DocCardList />`) are closed explicitly, because HTML ignores the slash
 * and would otherwise make everything after them their content. Tab sets
 * written as MDX indents them get their content read as Markdown
 * (mdx-tab-lines.ts).
 */
const esmLine = /^(?:import\s+(?:[\w*{}\s,$]+\s+from\s+)?["'][^"']+["'];?|export\s+(?:const|let|var|function|async\s+function|class|default)\b.*|export\s*\{[^}]*\}(?:\s*from\s*["'][^"']+["'])?;?)$/;
const mdxComment = /\{\s*\/\*[\s\S]*?\*\/\s*\}/g;
const tocPlaceholder = /^\s*\[\[toc\]\]\s*$|^\s*\[toc\]\s*$/i;
const voidElements = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const selfClosingTag = /<([A-Za-z][\w.:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/>/g;

export default function remarkForeignSyntax(this: Processor) {
  wrapParser(this, removeMdxComments);
  wrapParser(this, separateTabItems);
  return (tree: Root) => {
    tree.children = tree.children.filter((node) => !(node.type === "paragraph" && isEsm(node)));
    visit(tree, (node, index, parent: Parent | undefined) => {
      if (node.type === "code" || node.type === "inlineCode") return SKIP;
      if (node.type === "paragraph" && parent && index !== undefined && isOnlyPlaceholder(node as Paragraph)) {
        parent.children.splice(index, 1);
        return index;
      }
      if (node.type === "html") closeSelfClosingTags(node as Html);
      return undefined;
    });
  };
}

/** Every line of the paragraph is an import or export statement (a multi-line export counts by its first line). */
function isEsm(paragraph: Paragraph): boolean {
  const text = toString(paragraph, { includeHtml: true });
  const first = text.split("\n")[0] ?? "";
  if (/^export\s/.test(first)) return esmLine.test(first);
  return text.split("\n").every((line) => esmLine.test(line.trim()));
}

function isOnlyPlaceholder(paragraph: Paragraph): boolean {
  const text = toString(paragraph, { includeHtml: true });
  return tocPlaceholder.test(text);
}

export function removeMdxComments(source: string): string {
  const lines = mapLinesOutsideCode(source.split(/\r?\n/), (all, index) => {
    if (!all[index]!.includes("{/*")) return null;
    // A comment may run over several lines; it ends at the first "*/}".
    let end = index;
    while (end < all.length - 1 && end - index < 200 && !/\*\/\s*\}/.test(all.slice(index, end + 1).join("\n"))) end += 1;
    const text = all.slice(index, end + 1).join("\n");
    const removed = text.replace(mdxComment, "");
    if (removed === text) return null;
    // A line that held only a comment goes, as MDX makes nothing of it.
    return { replace: removed.split("\n").filter((line) => line.trim() !== ""), consumed: end - index + 1 };
  });
  return lines.join("\n");
}

function closeSelfClosingTags(node: Html) {
  node.value = node.value.replace(selfClosingTag, (whole, name: string, attributes: string) =>
    voidElements.has(name.toLowerCase()) ? whole : `<${name}${attributes}></${name}>`,
  );
}
