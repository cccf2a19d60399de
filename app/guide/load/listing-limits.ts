/**
 * Limits against a folder that would take the server down at start, with
 * room for the largest docs sites (generated API references reach tens of
 * thousands of pages). A page costs its entry in the navigation and the
 * page list (about a kilobyte) for the life of the process; its text and
 * its rendered article are read and kept within the memory budget
 * (server/memory-budget.ts); files are only listed (a name, a size, a date each).
 */
export const LIMITS = {
  /** `npm run bench:docs-scale` measures folders of 5,000 and 50,000 pages. */
  pages: 100_000,
  /** Every entry listed, pages included: about 300 bytes each; a folder with more is not a docs folder. */
  files: 500_000,
  /**
   * A single Markdown file. The largest pages of big docs sites (generated
   * API references, changelogs) are a few hundred KB; a page of megabytes
   * cannot be read in a browser and costs seconds of start-up to render.
   */
  markdownBytes: 2 * 1024 * 1024,
} as const;

export class ContentListingError extends Error {
  override name = "ContentListingError";
}
