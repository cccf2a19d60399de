/**
 * `#region name` … `#endregion` parts of a file, as VitePress reads them
 * (the marks sit in comments of any language, so only the words are
 * matched), and the dedent a region's code gets once cut out of its file.
 */

const REGION_START = /#region\b[ \t]*([\w-]*)/;
const REGION_END = /#endregion\b[ \t]*([\w-]*)/;

/** The lines between `#region name` and its `#endregion`, other region marks left out; null when there is no such region. */
export function regionLines(lines: readonly string[], name: string): string[] | null {
  const start = lines.findIndex((line) => REGION_START.exec(line)?.[1] === name);
  if (start === -1) return null;
  const chosen: string[] = [];
  let nested = 0;
  for (const line of lines.slice(start + 1)) {
    const end = REGION_END.exec(line);
    if (end && (end[1] === name || (end[1] === "" && nested === 0))) break;
    if (REGION_START.test(line)) nested++;
    else if (end) nested--;
    else chosen.push(line);
  }
  return chosen;
}

export function isRegionMark(line: string): boolean {
  return REGION_START.test(line) || REGION_END.test(line);
}

/** The lines without the indent they all share, so a region from inside a block reads from the margin. */
export function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => line.trim() !== "").map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(common));
}
