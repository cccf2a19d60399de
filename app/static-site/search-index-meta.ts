/**
 * The name of the `<meta>` whose content is a static export's search index
 * script; only an exported page has it. Its own module: root.tsx names it
 * on every page, and the code that reads the index loads only with search.
 */
export const SEARCH_INDEX_META = "themed-guide-search-index";
