import path from "node:path";
import { GuideContentError } from "../guide-content-error";
import { pageUrl } from "../render/resolve-url.server";
import { withoutPageExtension } from "../render/page-files";

/**
 * Where each Markdown file is served: a folder's page (index.md, README.md
 * or Hugo's _index.md) at the folder's path, any other page at its path
 * without the extension. Two files that would share an address stop the
 * start with both named.
 */

export type PageSlot = {
  /** "a/b" for "a/b/c.md"; "" at the top. */
  folder: string;
  /** Whether this file is its folder's page. */
  isIndex: boolean;
  slug: string;
  url: string;
};

/** Each file's slot, in the order given; throws GuideContentError when two files give one URL. */
export function placePages(root: string, relativePaths: readonly string[]): PageSlot[] {
  const indexes = chooseFolderIndexes(relativePaths);
  const slots = relativePaths.map((relativePath) => {
    const folder = folderOf(relativePath);
    const isIndex = indexes.get(folder) === relativePath;
    const slug = isIndex ? folder : withoutPageExtension(relativePath);
    return { folder, isIndex, slug, url: pageUrl(slug) };
  });
  const seen = new Map<string, string>();
  slots.forEach(({ slug, url }, index) => {
    const other = seen.get(slug);
    if (other !== undefined) {
      throw new GuideContentError(`${path.join(root, other)} and ${path.join(root, relativePaths[index]!)} both give the page ${url}; rename one`);
    }
    seen.set(slug, relativePaths[index]!);
  });
  return slots;
}

/** Each folder's page: index.md(x), else README.md(x) (GitHub, mdBook), else Hugo's _index.md. */
function chooseFolderIndexes(relativePaths: readonly string[]): Map<string, string> {
  const RANK = ["index.md", "index.mdx", "readme.md", "readme.mdx", "_index.md"];
  const chosen = new Map<string, { file: string; rank: number }>();
  for (const file of relativePaths) {
    const rank = RANK.indexOf(file.slice(file.lastIndexOf("/") + 1).toLowerCase());
    if (rank === -1) continue;
    const folder = folderOf(file);
    const current = chosen.get(folder);
    if (!current || rank < current.rank) chosen.set(folder, { file, rank });
  }
  return new Map([...chosen].map(([folder, { file }]) => [folder, file]));
}

/** "a/b" for "a/b/c.md", "" for "c.md": the listing's paths are "/"-separated and relative, so the last "/" says it. */
function folderOf(relativePath: string): string {
  const slash = relativePath.lastIndexOf("/");
  return slash === -1 ? "" : relativePath.slice(0, slash);
}
