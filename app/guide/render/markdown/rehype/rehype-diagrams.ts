import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";
import { diagramElement } from "../diagram";
import { codeTitle } from "./rehype-code-blocks";

/**
 * ```mermaid fences as diagrams (diagram.ts), as GitHub, Docusaurus, MkDocs
 * Material (its superfences' `mermaid` fence), and VitePress' and mdBook's
 * Mermaid plugins write them. A fence's title (`title="…"`) becomes the
 * figure's caption.
 *
 * After sanitising, a fence is `<pre><code class="language-mermaid">`; raw
 * HTML that writes exactly that is a fence too, and gives only its text. The
 * figure's class and data attribute are made here alone. Before the code
 * blocks' boxes and Shiki: neither touches the figure's code, which is
 * shown as written, not highlighted.
 */
export default function rehypeDiagrams() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "pre" || !parent || index === undefined) return;
      const code = node.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
      if (!code || !isMermaid(code)) return;
      const meta = code.properties.metastring;
      // A fence's text ends with its last line's line break.
      const source = toString(code).replace(/\n$/, "");
      parent.children[index] = diagramElement(source, typeof meta === "string" ? codeTitle(meta) : null);
      return SKIP;
    });
  };
}

function isMermaid(code: Element): boolean {
  const classes = code.properties.className;
  return Array.isArray(classes) && classes.some((name) => typeof name === "string" && name.toLowerCase() === "language-mermaid");
}
