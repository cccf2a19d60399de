/**
 * Which files are pages: Markdown, and MDX as Docusaurus and Starlight write
 * it. MDX is read as Markdown with the same leniency as any page (its
 * `import`/`export` lines and `{/* comments *\/}` removed, components not run
 * and their text kept: remark-foreign-syntax.ts); a page's address drops
 * either extension.
 */
export const PAGE_FILE = /\.mdx?$/i;

/** "a/b.md" and "a/b.mdx" → "a/b". */
export function withoutPageExtension(file: string): string {
  return file.replace(PAGE_FILE, "");
}
