/**
 * Choosing lines of an included file by number or by mdBook's anchors
 * (`ANCHOR: name` … `ANCHOR_END: name`). The marks name a part of a
 * listing, so they are never part of what is shown.
 */

const ANCHOR_START = /ANCHOR:\s*([\w-]+)/;
const ANCHOR_END = /ANCHOR_END:\s*([\w-]+)/;

/** Lines `first` to `last` of a file, counted from 1. */
export function numberedLines(lines: readonly string[], first: number, last: number): string[] {
  return lines.filter((_line, index) => index + 1 >= first && index + 1 <= last);
}

/** The lines an mdBook selector names: all of them, a 1-based range, or an anchor's. Anchor marks are left out. */
export function selectLines(lines: readonly string[], selector: string): string[] {
  return selectedIndexes(lines, selector).map((index) => lines[index]!);
}

/** rustdoc_include: every line but the anchor marks, those the selector does not name hidden. */
export function hideUnselected(lines: readonly string[], selector: string): string[] {
  const shown = new Set(selectedIndexes(lines, selector));
  return lines.flatMap((line, index) => (isAnchorMark(line) ? [] : [shown.has(index) ? line : `# ${line}`]));
}

function selectedIndexes(lines: readonly string[], selector: string): number[] {
  const indexes = lines.map((_line, index) => index).filter((index) => !isAnchorMark(lines[index]!));
  const range = /^(\d*)(:(\d*))?$/.exec(selector);
  if (!range) return anchoredIndexes(lines, selector);
  const [, from, colon, to] = range;
  // ":2" is line 2 alone, "::10" lines 1 to 10, ":2:" from line 2 on.
  const first = from ? Number(from) : 1;
  const last = colon ? (to ? Number(to) : Infinity) : from ? first : Infinity;
  return indexes.filter((index) => index + 1 >= first && index + 1 <= last);
}

function anchoredIndexes(lines: readonly string[], name: string): number[] {
  const chosen: number[] = [];
  let inside = false;
  for (const [index, line] of lines.entries()) {
    if (inside && ANCHOR_END.exec(line)?.[1] === name) return chosen;
    if (!inside && ANCHOR_START.exec(line)?.[1] === name) inside = true;
    else if (inside && !isAnchorMark(line)) chosen.push(index);
  }
  return chosen;
}

function isAnchorMark(line: string): boolean {
  return ANCHOR_START.test(line) || ANCHOR_END.test(line);
}
