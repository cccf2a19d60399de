import type { Html, Parent, Root } from "mdast";
import { visit } from "unist-util-visit";
import { HIDDEN_ELEMENTS } from "../sanitize-schema";

/**
 * Elements whose content a reader never sees: script and style, inert
 * templates, the fallbacks of <noscript>, <noembed> and <noframes>, and
 * <title>. The sanitiser drops them with their content (sanitize-schema.ts),
 * but only the content the HTML parser leaves inside them.
 *
 * Markdown gets there first. Between `<svg><script>` and `</script>` in a
 * paragraph, stars, backticks and links are parsed as Markdown, and inside
 * <svg> or <math> a <script> is not raw text, so those parts break out of it
 * and their text shows; a blank line inside the element splits it into
 * blocks with the same result. So the content of these elements is removed
 * from the raw HTML first, and when one opens in one node and closes in a
 * later one of the same parent, everything between goes and the two become
 * one. An element never closed in its parent is left to the HTML parser.
 */
const HIDDEN = HIDDEN_ELEMENTS.join("|");
const anyHiddenTag = new RegExp(`</?(?:${HIDDEN})(?=[\\s/>])`, "i");
const hiddenElement = new RegExp(`<(${HIDDEN})(?=[\\s/>])[^>]*>[\\s\\S]*?</\\1\\s*>`, "gi");
const hiddenOpening = new RegExp(`<(?:${HIDDEN})(?=[\\s/>])[^>]*>`, "i");
const comment = /<!--[\s\S]*?(?:-->|$)/g;

export default function remarkHiddenHtml() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if ("children" in node) removeHiddenContent(node as Parent);
    });
  };
}

function removeHiddenContent(parent: Parent) {
  const children = parent.children;
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!;
    if (node.type !== "html" || !anyHiddenTag.test(node.value)) continue;
    node.value = withoutHiddenContent(node.value);
    if (!hiddenOpening.test(node.value)) continue;
    // Still open: look for the raw HTML of this parent that closes it.
    let html = node.value;
    for (let end = index + 1; end < children.length; end++) {
      const later = children[end]!;
      if (later.type !== "html") continue;
      html += (later as Html).value;
      const closed = withoutHiddenContent(html);
      if (hiddenOpening.test(closed)) continue;
      node.value = closed;
      children.splice(index + 1, end - index);
      break;
    }
  }
}

/** The HTML without hidden elements and their content (and without comments, which the sanitiser drops anyway). */
export function withoutHiddenContent(html: string): string {
  let previous;
  let current = html.replace(comment, "");
  // Repeated, for an element inside another (<noscript><style>…</style></noscript>).
  do {
    previous = current;
    current = current.replace(hiddenElement, "");
  } while (current !== previous);
  return current;
}
