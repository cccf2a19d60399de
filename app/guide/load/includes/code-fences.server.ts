import { mapLinesOutsideCode } from "../../render/markdown/rewrite-source";

/**
 * Fenced code in the Markdown an include reads or writes: where a page's
 * code blocks are (an include written in one is often an example of the
 * syntax, not an include), and a fence that holds an included file.
 */

/** A fenced code block around `lines`, its fence longer than any fence inside them. */
export function codeBlock(info: string, lines: readonly string[]): string {
  const longest = Math.max(2, ...lines.map((line) => /^\s*(`{3,})/.exec(line)?.[1]?.length ?? 0));
  const fence = "`".repeat(longest + 1);
  return [`${fence}${info}`, ...lines, fence].join("\n");
}

/** Whether an offset in some Markdown is inside fenced code, as the Markdown plugins read fences. */
export function codeLineTest(markdown: string): (offset: number) => boolean {
  const lines = markdown.split("\n");
  const outside = new Set<number>();
  mapLinesOutsideCode(lines, (_lines, index) => {
    outside.add(index);
    return null;
  });
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  return (at) => {
    // The last line starting at or before `at`.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (lineStarts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return !outside.has(low);
  };
}
