/**
 * The list of every page (a folder with no landing page of its own) in
 * parts of LIST_PART_PAGES, in reading order: the first at /guide, the
 * others at /guide-pages/2, /guide-pages/3, … Out of /guide itself, so that
 * no page of anyone's folder can have the address of a part, and as paths,
 * not a query, so that a static host serves every part as a file.
 *
 * At 50,000 pages the list in one page was 26.9 MB of HTML, and its render
 * took the server past its memory budget; 1,000 entries are about 540 KB.
 */
export const LIST_PART_PAGES = 1000;

export type ListPart = {
  /** 1 for /guide. */
  number: number;
  count: number;
  /** The part's first and last pages, counted from 1 in reading order. */
  first: number;
  last: number;
  /** Pages in the whole list. */
  of: number;
};

/** Where the later parts live: /guide-pages/2, … */
export const LIST_PARTS_PREFIX = "/guide-pages/";

export function listPartCount(pageCount: number): number {
  return Math.max(1, Math.ceil(pageCount / LIST_PART_PAGES));
}

export function listPartUrl(number: number): string {
  return number === 1 ? "/guide" : `${LIST_PARTS_PREFIX}${number}`;
}

/** Every part's address but the first's (/guide): what an export writes beside the pages. */
export function laterListPartUrls(pageCount: number): string[] {
  return Array.from({ length: listPartCount(pageCount) - 1 }, (_, at) => listPartUrl(at + 2));
}

/**
 * The part an address's number names, or null for anything else: "1" (that
 * is /guide), a number past the last part, a leading zero, a sign, digits
 * of another script. One address per part, so no part is two pages.
 */
export function listPart(text: string | undefined, pageCount: number): ListPart | null {
  if (text === undefined || !/^[1-9][0-9]{0,5}$/.test(text)) return null;
  const number = Number(text);
  return number >= 2 ? listPartAt(number, pageCount) : null;
}

/** Part `number` of a list of `pageCount` pages, or null past its last. */
export function listPartAt(number: number, pageCount: number): ListPart | null {
  const count = listPartCount(pageCount);
  if (number < 1 || number > count) return null;
  const first = (number - 1) * LIST_PART_PAGES + 1;
  return { number, count, first, last: Math.min(pageCount, number * LIST_PART_PAGES), of: pageCount };
}

/** "1,001–2,000": a part's pages as its link and heading say them. */
export function listPartRange(part: Pick<ListPart, "first" | "last">): string {
  return part.first === part.last ? part.first.toLocaleString("en") : `${part.first.toLocaleString("en")}–${part.last.toLocaleString("en")}`;
}
