import type { GuideNavItem, GuidePage } from "../guide-types";
import type { FolderLabel } from "../load/list-content-folder.server";
import type { TableOfContents } from "../load/project-config.server";
import { withoutPageExtension } from "../render/page-files";
import { readableName } from "../load/page-meta.server";

/**
 * The navigation and the reading order, from the pages' places in the folder
 * tree. In each folder, entries with an order (from front matter, or a
 * folder's `_category_` file or index page) come first, lowest first; the
 * rest follow by name, numbers in names compared as numbers ("2-setup"
 * before "10-faq"). A folder is one entry among its siblings, whether or not
 * it has an index page; without one it is a group with no link, named from
 * its name. The reading order is the navigation's, depth first, each
 * folder's page before its children, and the landing page first of all.
 */

export type PlacedPage = {
  page: GuidePage;
  /** "a/b" for "a/b/c.md"; "" at the top. */
  folder: string;
  /** The folder's own page (index.md, README.md, _index.md). */
  isIndex: boolean;
};

type FolderNode = {
  path: string;
  name: string;
  index: PlacedPage | null;
  pages: PlacedPage[];
  folders: Map<string, FolderNode>;
};

type Entry = { order: number | null; name: string; page?: PlacedPage; folder?: FolderNode };

const byName = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

export function buildGuideTree(placed: PlacedPage[], folderLabels: ReadonlyMap<string, FolderLabel>): { pages: GuidePage[]; nav: GuideNavItem[] } {
  const root: FolderNode = { path: "", name: "", index: null, pages: [], folders: new Map() };
  // Each folder found once by its path: pages share a few folders each (50,000 pages, some 5,000 folders).
  const byPath = new Map<string, FolderNode>([["", root]]);
  const folderNode = (folder: string): FolderNode => {
    let node = byPath.get(folder);
    if (!node) {
      node = folder.split("/").reduce(childFolder, root);
      byPath.set(folder, node);
    }
    return node;
  };
  for (const item of placed) {
    const node = folderNode(item.folder);
    if (item.isIndex) node.index = item;
    else node.pages.push(item);
  }

  // Each folder's entries are sorted once, for the navigation and the reading order both.
  const sorted = new Map<FolderNode, Entry[]>();
  const entries = (node: FolderNode): Entry[] => {
    let list = sorted.get(node);
    if (!list) {
      list = [
        ...node.pages.map((page): Entry => ({ order: page.page.order, name: withoutPageExtension(fileName(page.page.relativePath)), page })),
        ...[...node.folders.values()].map(
          (folder): Entry => ({ order: folderLabels.get(folder.path)?.order ?? folder.index?.page.order ?? null, name: folder.name, folder }),
        ),
      ].sort(compareEntries);
      sorted.set(node, list);
    }
    return list;
  };

  const navItem = (entry: Entry): GuideNavItem => {
    if (entry.page) return { title: entry.page.page.navTitle, url: entry.page.page.url, children: [] };
    const folder = entry.folder!;
    const index = folder.index;
    return {
      title: folderLabels.get(folder.path)?.label ?? index?.page.navTitle ?? readableName(folder.name),
      url: index?.page.url ?? null,
      children: entries(folder).map(navItem),
    };
  };
  const readingOrder = (entry: Entry): GuidePage[] =>
    entry.page ? [entry.page.page] : [...(entry.folder!.index ? [entry.folder!.index.page] : []), ...entries(entry.folder!).flatMap(readingOrder)];

  const top = entries(root);
  const landing = root.index;
  return {
    pages: [...(landing ? [landing.page] : []), ...top.flatMap(readingOrder)],
    nav: [...(landing ? [{ title: landing.page.navTitle, url: landing.page.url, children: [] }] : []), ...top.map(navItem)],
  };
}

function childFolder(parent: FolderNode, name: string): FolderNode {
  let child = parent.folders.get(name);
  if (!child) {
    child = { path: parent.path ? `${parent.path}/${name}` : name, name, index: null, pages: [], folders: new Map() };
    parent.folders.set(name, child);
  }
  return child;
}

function compareEntries(a: Entry, b: Entry): number {
  if ((a.order === null) !== (b.order === null)) return a.order === null ? 1 : -1;
  return (a.order ?? 0) - (b.order ?? 0) || byName.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.page ? -1 : 1);
}

function fileName(relativePath: string): string {
  return relativePath.slice(relativePath.lastIndexOf("/") + 1);
}

/** The folders' titles and orders: Docusaurus' `_category_` files first, then the table of contents' sections (mkdocs.yml's nav, SUMMARY.md). */
export function withContentsFolders(categories: ReadonlyMap<string, FolderLabel>, contents: TableOfContents | null): ReadonlyMap<string, FolderLabel> {
  if (!contents) return categories;
  const merged = new Map(categories);
  for (const [folder, entry] of contents.folders) {
    const category = categories.get(folder);
    merged.set(folder, { label: category?.label ?? entry.label, order: category?.order ?? entry.order });
  }
  return merged;
}
