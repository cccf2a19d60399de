import type { InlineCode, Root } from "mdast";
import { findAndReplace } from "mdast-util-find-and-replace";

/**
 * `==text==`: no space just inside the marks, no `=` or line break within,
 * and, as in pymdownx.mark's smart mode, no letter or digit just outside
 * them, so `c==d and e==f` is not a mark.
 */
const MARKED = /(?<![\p{L}\p{N}_])==([^\s=](?:[^=\n]*[^\s=])?)==(?![\p{L}\p{N}_])/gu;

/**
 * MkDocs Material's highlighted text (pymdownx.mark, also Obsidian's):
 * `==text==` is shown as <mark>. Only a run of plain text is read, so
 * `a == b`, code and marks around other formatting stay as written.
 */
export default function remarkMark() {
  return (tree: Root) => {
    findAndReplace(tree, [MARKED, (_written: string, text: string): InlineCode => ({ type: "inlineCode", value: text, data: { hName: "mark" } })]);
  };
}
