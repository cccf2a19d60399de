/**
 * The name of the `<meta>` whose content is a static export's search index
 * script; only an exported page has it. Its own module: root.tsx names it
 * on every page, and the code that reads the index loads only with search.
 */
export const SEARCH_INDEX_META = "themed-guide-search-index";

/**
 * A large export's index is written in parts (packages/cli's
 * search-index-writer.ts): the first beside the script, the others in
 * folders this file, beside the script too, lists.
 */
export const SEARCH_INDEX_PARTS_FILE = "parts.json";

/** Where the nth part of the index is, from the script's folder: "" for the first, "parts/<n>/" for the others. */
export function searchIndexPartFolder(n: number): string {
  return n === 1 ? "" : `parts/${n}/`;
}

/** Whether an entry of the parts file names a part's folder as searchIndexPartFolder writes it, and nothing else. */
export function isSearchIndexPartFolder(entry: unknown): entry is string {
  return typeof entry === "string" && /^parts\/[1-9]\d{0,5}\/$/.test(entry);
}
