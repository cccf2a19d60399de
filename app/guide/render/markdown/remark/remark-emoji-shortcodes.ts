import type { Heading, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import remarkGemoji from "remark-gemoji";
import { visit } from "unist-util-visit";

const SHORTCODE = /:(\+1|[-\w]+):/;

/**
 * Emoji shortcodes as GitHub, VitePress and MkDocs Material show them
 * (`:tada:` is 🎉, `:white_check_mark:` ✅), through remark-gemoji; a name
 * that is no emoji stays as written, and code is never touched.
 *
 * GitHub makes a heading's id from the words as written, shortcodes
 * included (`## :rocket: Start` is `#rocket-start`), so a heading that has
 * one hands its written text on as `data-heading-text`, which
 * rehype-heading-ids slugs instead of the text with the emoji.
 */
export default function remarkEmojiShortcodes() {
  const replaceShortcodes = remarkGemoji();
  return (tree: Root) => {
    visit(tree, "heading", (heading: Heading) => {
      const written = toString(heading);
      if (!SHORTCODE.test(written)) return;
      heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, dataHeadingText: written } };
    });
    replaceShortcodes(tree);
  };
}
