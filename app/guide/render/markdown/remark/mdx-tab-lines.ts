import { mapLinesOutsideCode } from "../rewrite-source";

/**
 * Docusaurus' and Starlight's <Tabs>/<TabItem> as their docs write them:
 * each tag on its own line, the panel's content indented under its tag, no
 * blank line anywhere. MDX reads JSX children's text as Markdown and pays no
 * heed to their indentation; CommonMark would read the whole set as one raw
 * HTML block (it runs to the first blank line) and an indented fence as
 * indented code. So, before parsing, each tag gets a line of its own between
 * blank lines, and each panel's content loses the indentation common to its
 * lines, down to that of the <Tabs> tag (which may sit in a list item).
 * Only these two capitalised names are touched: raw HTML and other
 * components keep CommonMark's reading.
 */
export function separateTabItems(source: string): string {
  // Most pages have no tab set: they are not split into lines and joined again.
  if (!source.includes("<Tabs")) return source;
  const lines = mapLinesOutsideCode(source.split(/\r?\n/), (all, index) => {
    const base = tabsOpen.exec(all[index]!)?.[1];
    if (base === undefined) return null;
    const end = closingLine(all, index);
    return end === null ? null : { replace: rewriteSet(all.slice(index, end + 1), base), consumed: end - index + 1 };
  });
  return lines.join("\n");
}

const attributes = String.raw`(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?)*\s*`;
const tabsOpen = new RegExp(`^([ \\t]*)<Tabs${attributes}>\\s*$`);
/** A line holding one opening or closing tag of the two, and nothing else. */
const tagLine = new RegExp(`^\\s*<(/?)(Tabs|TabItem)(?:${attributes})?>\\s*$`);
const fenceLine = /^\s*(`{3,}|~{3,})/;
/** How far to look for the set's end: a set left open is left alone. */
const longestSet = 2000;

type Line = { text: string; tag: { closing: boolean; name: string } | null; inFence: boolean };

/** The index of the </Tabs> that closes the set opened at `start`, fences and nested sets passed over. */
function closingLine(all: string[], start: number): number | null {
  let depth = 0;
  const read = readLines(all.slice(start, start + longestSet));
  for (const [offset, line] of read.entries()) {
    if (line.tag?.name !== "Tabs") continue;
    depth += line.tag.closing ? -1 : 1;
    if (depth === 0) return start + offset;
  }
  return null;
}

function readLines(lines: string[]): Line[] {
  let fence: string | null = null;
  return lines.map((text) => {
    const marker = fenceLine.exec(text)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) fence = null;
      return { text, tag: null, inFence: fence !== null };
    }
    if (marker) fence = marker;
    const tag = tagLine.exec(text);
    return { text, tag: tag ? { closing: tag[1] === "/", name: tag[2]! } : null, inFence: false };
  });
}

/** The set's lines with each tag between blank lines and each panel's content at `base`. */
function rewriteSet(lines: string[], base: string): string[] {
  const read = readLines(lines);
  // For each line, the <TabItem> line whose content it is (-1: none), and each panel's common indentation.
  const owner: number[] = [];
  const indent = new Map<number, number>();
  const open: number[] = [];
  for (const [index, line] of read.entries()) {
    if (line.tag?.name === "TabItem") {
      if (line.tag.closing) open.pop();
      else open.push(index);
    }
    const item = line.tag ? -1 : (open.at(-1) ?? -1);
    owner.push(item);
    // A fence's own lines may sit left of it; its opening line counts.
    if (item >= 0 && !line.inFence && line.text.trim()) indent.set(item, Math.min(indent.get(item) ?? Infinity, leadingSpaces(line.text)));
  }
  return read.flatMap((line, index) => {
    if (line.tag) return ["", base + line.text.trim(), ""];
    if (!line.text.trim()) return [""];
    const strip = owner[index]! >= 0 ? (indent.get(owner[index]!) ?? 0) : Infinity;
    return [base + line.text.slice(Math.min(strip, leadingSpaces(line.text)))];
  });
}

function leadingSpaces(text: string): number {
  return /^[ \t]*/.exec(text)![0].length;
}
