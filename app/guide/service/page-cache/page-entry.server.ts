import type { PageHeading } from "../../guide-types";
import type { RenderResult } from "../../render/render-page.server";
import type { SearchSection } from "../../render/search-sections.server";
import type { AskedLink, Resolution } from "../../render/resolve-url.server";

/**
 * What an entry of the disk cache holds, before compression: one line of
 * JSON, { format, key, result without its html }, then the HTML as UTF-8
 * to the end. The HTML is kept out of the JSON because parsing it there is
 * what a read spent most on: every attribute's quotes escaped, a long page
 * took 1.5 ms to parse against 0.3 ms as a plain string
 * (scripts/bench-page-cache.ts --glue 4). JSON.stringify writes no line
 * break, so the first one ends the JSON.
 *
 * An HTML string with a lone surrogate (which no Markdown file read as
 * UTF-8 renders to) comes back with U+FFFD in its place, as a response
 * would send it.
 */

type EntryHeader = { format: number; key: string; result: Omit<RenderResult, "html"> };

const LINE_BREAK = 0x0a;

export function encodeEntry(format: number, key: string, result: RenderResult): Buffer {
  const { html, ...rest } = result;
  const header: EntryHeader = { format, key, result: rest };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, "utf8"), Buffer.from(html, "utf8")]);
}

/**
 * The result an entry holds, or undefined when it is not one of this format
 * under this key (the key inside guards against a file copied or renamed
 * into another's place) or does not have a RenderResult's shape. Throws on
 * what is not JSON.
 */
export function decodeEntry(format: number, key: string, bytes: Buffer): RenderResult | undefined {
  const lineEnd = bytes.indexOf(LINE_BREAK);
  if (lineEnd < 0) return undefined;
  const header = JSON.parse(bytes.toString("utf8", 0, lineEnd)) as Partial<EntryHeader> | null;
  if (!isObject(header) || header.format !== format || header.key !== key || !isObject(header.result)) return undefined;
  return renderResultFrom({ ...header.result, html: bytes.toString("utf8", lineEnd + 1) });
}

/**
 * A RenderResult rebuilt from what an entry of the disk cache parsed to, or
 * undefined when any field is missing or of the wrong type. Whatever the
 * file holds, what comes out has exactly the RenderResult's fields with
 * their types: the page's HTML is served as it is, so a corrupt or hostile
 * entry must not pass for a page. Built anew, field by field, so nothing
 * else the file carried comes along.
 */
function renderResultFrom(value: unknown): RenderResult | undefined {
  if (!isObject(value)) return undefined;
  const { leadingTitle, titleId, description, subtitle, html, headings, brokenHrefs, sections, links } = value;
  if (!isStringOrNull(leadingTitle) || !isString(titleId) || !isString(description) || !isStringOrNull(subtitle) || !isString(html)) return undefined;
  if (!Array.isArray(brokenHrefs) || !brokenHrefs.every(isString)) return undefined;
  const pageHeadings = arrayOf(headings, headingFrom);
  const searchSections = arrayOf(sections, sectionFrom);
  const askedLinks = arrayOf(links, askedLinkFrom);
  if (!pageHeadings || !searchSections || !askedLinks) return undefined;
  return { leadingTitle, titleId, description, subtitle, html, headings: pageHeadings, brokenHrefs: [...brokenHrefs], sections: searchSections, links: askedLinks };
}

function askedLinkFrom(value: unknown): AskedLink | undefined {
  if (!isObject(value)) return undefined;
  const { kind, href, resolution } = value;
  if ((kind !== "link" && kind !== "image") || !isString(href)) return undefined;
  const answer = resolutionFrom(resolution);
  return answer === undefined ? undefined : { kind, href, resolution: answer };
}

function resolutionFrom(value: unknown): Resolution | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  if (isString(value.url)) return { url: value.url };
  if (isString(value.missing)) return { missing: value.missing };
  return undefined;
}

function headingFrom(value: unknown): PageHeading | undefined {
  if (!isObject(value)) return undefined;
  const { depth, id, text } = value;
  return (depth === 2 || depth === 3) && isString(id) && isString(text) ? { depth, id, text } : undefined;
}

function sectionFrom(value: unknown): SearchSection | undefined {
  if (!isObject(value)) return undefined;
  const { url, pageTitle, sectionTitle, parentTitle, context, text } = value;
  return isString(url) && isString(pageTitle) && isStringOrNull(sectionTitle) && isStringOrNull(parentTitle) && isString(context) && isString(text)
    ? { url, pageTitle, sectionTitle, parentTitle, context, text }
    : undefined;
}

/** Every item rebuilt, or undefined if the value is not an array or any item does not fit. */
function arrayOf<T>(value: unknown, itemFrom: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: T[] = [];
  for (const item of value) {
    const built = itemFrom(item);
    if (built === undefined) return undefined;
    items.push(built);
  }
  return items;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isString(value: unknown): value is string {
  return typeof value === "string";
}
function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === "string";
}
