/**
 * The one-line warnings the guide prints about links and includes that lead
 * nowhere: the first few by page, the rest counted. The full list is the
 * guide's to give (`CompleteGuide.brokenLinks`); a log line stays readable.
 */

export type BrokenLink = {
  /** The page, relative to the content folder. */
  from: string;
  /** The link, image or include as written. */
  href: string;
};

/** Broken links named in the warning; the rest are counted. */
const BROKEN_LINKS_SHOWN = 5;

export function describeBrokenLinks(root: string, links: readonly BrokenLink[]): string {
  const count = links.length === 1 ? "1 link leads" : `${links.length} links lead`;
  return `${count} nowhere in ${root} and ${links.length === 1 ? "is" : "are"} left as written: ${listLinks(links)}`;
}

export function describeMissingIncludes(root: string, includes: readonly BrokenLink[]): string {
  const count = includes.length === 1 ? "1 include names" : `${includes.length} includes name`;
  return `${count} no file in ${root} (files outside it are never read) and ${includes.length === 1 ? "is" : "are"} left as written: ${listLinks(includes)}`;
}

/** `limits`: the limits as they read (include-expansion.server.ts, INCLUDE_LIMITS). */
export function describeIncludesPastLimit(root: string, includes: readonly BrokenLink[], limits: string): string {
  const count = includes.length === 1 ? "1 page's includes reach" : `${includes.length} pages' includes reach`;
  return `${count} a limit in ${root} (${limits} a page); the rest are left as written, from: ${listLinks(includes)}`;
}

/** "a.md → x, b.md → y, and 3 more": the first few, by the page they are on. */
function listLinks(links: readonly BrokenLink[]): string {
  const shown = links.slice(0, BROKEN_LINKS_SHOWN).map((link) => `${link.from} → ${link.href}`);
  const more = links.length > BROKEN_LINKS_SHOWN ? `, and ${links.length - BROKEN_LINKS_SHOWN} more` : "";
  return shown.join(", ") + more;
}
