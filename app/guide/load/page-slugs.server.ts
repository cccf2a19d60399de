import path from "node:path";
import { GuideContentError } from "../guide-content-error";
import { pageUrl } from "../render/resolve-url.server";
import { withoutPageExtension } from "../render/page-files";
import { refuseTakenAddresses, type TakenAddressError } from "./taken-addresses.server";

/**
 * Where each Markdown file is served: a folder's page (index.md, README.md
 * or Hugo's _index.md) at the folder's path, any other page at its path
 * without the extension. Two files that would share an address stop the
 * start with both named, as does a page at another's Markdown or data
 * address (taken-addresses.server.ts), unless the caller is told of each
 * such file and leaves it out (`themed-guide check`, which lists them all).
 */

/** A second file at one page's address: the first is `firstFile`; `file` is this one. */
export class SameAddressError extends GuideContentError {
  override name = "SameAddressError";
  readonly firstFile: string;
  readonly url: string;
  constructor(firstFile: string, file: string, url: string) {
    super(`${firstFile} and ${file} both give the page ${url}; rename one`, file);
    this.firstFile = firstFile;
    this.url = url;
  }
}

export type PageSlot = {
  /** "a/b" for "a/b/c.md"; "" at the top. */
  folder: string;
  /** Whether this file is its folder's page. */
  isIndex: boolean;
  slug: string;
  url: string;
};

/** Why a file has no page: a second file at one page's address, or a page at another's Markdown or data address. */
export type RefusedAddress = SameAddressError | TakenAddressError;

/**
 * Each file's slot, in the order given. A file at the address of one before
 * it throws SameAddressError, a page at a taken address TakenAddressError;
 * or, when `onRefused` is given, each is told of there and has no slot (null).
 */
export function placePages(root: string, relativePaths: readonly string[], onRefused?: (error: RefusedAddress) => void): (PageSlot | null)[] {
  const indexes = chooseFolderIndexes(relativePaths);
  const slots = relativePaths.map((relativePath) => {
    const folder = folderOf(relativePath);
    const isIndex = indexes.get(folder) === relativePath;
    const slug = isIndex ? folder : withoutPageExtension(relativePath);
    return { folder, isIndex, slug, url: pageUrl(slug) };
  });
  const seen = new Map<string, string>();
  const placed = slots.map((slot, index) => {
    const other = seen.get(slot.slug);
    if (other === undefined) {
      seen.set(slot.slug, relativePaths[index]!);
      return slot;
    }
    const error = new SameAddressError(path.join(root, other), path.join(root, relativePaths[index]!), slot.url);
    if (!onRefused) throw error;
    onRefused(error);
    return null;
  });
  return refuseTakenAddresses(root, relativePaths, placed, onRefused);
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
