import type { Code, Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * Code marked `twoslash` (VitePress and Shiki's TypeScript examples: Vite's,
 * Vitest's and Vue's docs) carries scaffolding its tools never show: what
 * comes before `// ---cut---` (or `---cut-before---`), after
 * `// ---cut-after---`, between `// ---cut-start---` and `// ---cut-end---`,
 * compiler directives (`// @errors: 2322`, `// @filename: a.ts`) and the
 * `// ^?` query and `// ^^^` highlight lines. They are left out here too;
 * the type pop-ups those lines ask for are not drawn. Code not marked
 * `twoslash` is left alone.
 */
export default function remarkTwoslashHiddenLines() {
  return (tree: Root) => {
    visit(tree, "code", (node: Code) => {
      if (!/(^|\s)twoslash(\s|$)/.test(node.meta ?? "")) return;
      node.value = shownLines(node.value.split("\n")).join("\n");
    });
  };
}

const CUT = /^\s*\/\/\s*---cut(-[a-z]+)?---\s*$/;
const DIRECTIVE = /^\s*\/\/\s*@\w+(:.*)?$/;
const QUERY = /^\s*\/\/\s*\^+[?|]?\s*$|^\s*\/\/\s*\^[?|]/;

function shownLines(lines: readonly string[]): string[] {
  const cutOf = (line: string) => {
    const match = CUT.exec(line);
    return match ? (match[1] ?? "-before") : null;
  };
  // Nothing up to the last cut-before, nothing from the first cut-after on.
  const before = lines.findLastIndex((line) => cutOf(line) === "-before");
  const after = lines.findIndex((line) => cutOf(line) === "-after");
  const kept = lines.slice(before + 1, after < 0 ? undefined : after);
  const shown: string[] = [];
  let hiding = false;
  for (const line of kept) {
    const cut = cutOf(line);
    if (cut === "-start") hiding = true;
    else if (cut === "-end") hiding = false;
    else if (!hiding && !DIRECTIVE.test(line) && !QUERY.test(line)) shown.push(line);
  }
  return shown;
}
