import type { Heading, Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * `## Title {#custom-id}` (VitePress, Docusaurus, MkDocs' attr_list, also
 * `{ #id .class }`): the braces leave the text and the id is handed on as
 * `data-heading-id`, which survives sanitising; rehype-heading-ids checks it
 * and makes it the id. Braces that hold no `#id` stay as written.
 */
const trailingAttributes = /\s*\{\s*((?:[#.][\w:.-]+|[\w-]+(?:=(?:"[^"]*"|'[^']*'|\S+))?)(?:\s+(?:[#.][\w:.-]+|[\w-]+(?:=(?:"[^"]*"|'[^']*'|\S+))?))*)\s*\}\s*$/;

export default function remarkCustomHeadingIds() {
  return (tree: Root) => {
    visit(tree, "heading", (heading: Heading) => {
      const last = heading.children.at(-1);
      if (last?.type !== "text") return;
      const match = trailingAttributes.exec(last.value);
      const id = match?.[1]?.split(/\s+/).find((part) => part.startsWith("#"))?.slice(1);
      if (!match || !id) return;
      last.value = last.value.slice(0, match.index);
      if (last.value === "") heading.children.pop();
      heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, dataHeadingId: id } };
    });
  };
}
