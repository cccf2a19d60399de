/**
 * What neither search indexes: elements whose text a reader does not read
 * (controls such as a code block's copy button, scripts, embedded media),
 * and any element hidden, or hidden from assistive technology, such as the
 * "#" link that ends each heading. The server's search passes them over as
 * it takes a page's sections (search-sections.server.ts); an export tells
 * Pagefind to (packages/cli's search-index-writer.ts), so a result shows
 * the same section title and words on both.
 */
export const UNSEARCHED_ELEMENTS: ReadonlySet<string> = new Set([
  "button", "script", "style", "template", "svg", "iframe", "object", "select", "textarea",
]);
