import type { ShikiTransformer } from "shiki";

/**
 * Highlighted lines from the fence's meta, in both spellings: `{1,3-5}`
 * (VitePress, Docusaurus) and `hl_lines="2 3"` or `hl_lines="2-4"` (MkDocs).
 * Lines get the same class as `// [!code highlight]` gives them.
 */
export function highlightedLineNumbers(meta: string): Set<number> {
  const lines = new Set<number>();
  const braces = /(?:^|\s)\{([\d\s,-]+)\}(?=\s|$)/.exec(meta)?.[1];
  const mkdocs = /(?:^|\s)hl_lines=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const list = [braces, mkdocs?.[1], mkdocs?.[2], mkdocs?.[3]].filter((value) => value !== undefined).join(",");
  for (const part of list.split(/[\s,]+/)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) continue;
    const start = Number(range[1]);
    const end = Math.min(Number(range[2] ?? range[1]), start + 10_000);
    for (let line = start; line <= end; line++) lines.add(line);
  }
  return lines;
}

export function transformerHighlightedLines(): ShikiTransformer {
  // Blocks are highlighted one at a time, synchronously: the set of the block in hand.
  let lines = new Set<number>();
  return {
    name: "highlighted-lines",
    preprocess() {
      const meta = this.options.meta?.__raw;
      lines = meta ? highlightedLineNumbers(meta) : new Set();
    },
    line(node, line) {
      if (!lines.has(line)) return;
      this.addClassToHast(node, "highlighted");
      this.addClassToHast(this.pre, "has-highlighted");
    },
  };
}
