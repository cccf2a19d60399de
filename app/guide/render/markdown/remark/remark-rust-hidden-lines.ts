import type { Code, Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * Rust examples in mdBook books and rustdoc hide the lines a reader does not
 * need (`# fn main() {` around a snippet, imports): a line that is `#`
 * alone, or starts with `# `, after its indentation. `##` at the start of a
 * line shows as a single `#`; `#[derive]` and `#![…]` are Rust and stay.
 * Valid Rust never starts a line with `# `, so this applies to every Rust
 * block, as on docs.rs. Runs after remark-fence-language, which reads
 * ```rust,ignore as Rust.
 */
export default function remarkRustHiddenLines() {
  return (tree: Root) => {
    visit(tree, "code", (node: Code) => {
      if (node.lang !== "rust" && node.lang !== "rs") return;
      node.value = node.value
        .split("\n")
        .filter((line) => !isHidden(line.trimStart()))
        .map((line) => line.replace(/^(\s*)##/, "$1#"))
        .join("\n");
    });
  };
}

function isHidden(trimmed: string): boolean {
  return trimmed === "#" || trimmed.startsWith("# ");
}
