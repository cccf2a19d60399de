import type { Heading, Root } from "mdast";
import { visit } from "unist-util-visit";
import { parseAttributeList, trailingAttributeList } from "../attribute-list";

/**
 * `## Title {#custom-id}` (VitePress, Docusaurus, MkDocs' attr_list, also
 * `{: #id .class }`): the braces leave the text and the id is handed on as
 * `data-heading-id`, which survives sanitising; rehype-heading-ids checks it
 * and makes it the id. A list with no id (`{ .class }`) only leaves the
 * text; braces that are not an attribute list (`{a, b}`) stay as written.
 */
export default function remarkCustomHeadingIds() {
  return (tree: Root) => {
    visit(tree, "heading", (heading: Heading) => {
      const last = heading.children.at(-1);
      if (last?.type !== "text") return;
      const match = trailingAttributeList.exec(last.value);
      const list = match && parseAttributeList(match[1]!);
      if (!match || !list) return;
      last.value = last.value.slice(0, match.index);
      if (last.value === "") heading.children.pop();
      if (list.id) heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, dataHeadingId: list.id } };
    });
  };
}
