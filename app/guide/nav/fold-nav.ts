import type { GuideNavItem } from "../guide-types";

/**
 * A folder of more pages than this gets a folded navigation on each page.
 * Every listed page costs each page of the site about 14 bytes of gzip
 * (measured on the 200-page folder of `npm run bench:docs`): at 200 pages
 * the full list was 2.8 KB of a 17 KB page. Up to here the whole tree is
 * listed and every group opens in place, with or without script.
 */
export const FOLD_NAV_ABOVE_PAGES = 100;

/**
 * The navigation as a page of a guide of `pageCount` pages shows it: the
 * whole tree, or for a large guide the tree folded around the current page
 * (see `foldNav`).
 */
export function navForPage(nav: GuideNavItem[], pageCount: number, pathname: string): GuideNavItem[] {
  return pageCount > FOLD_NAV_ABOVE_PAGES ? foldNav(nav, pathname) : nav;
}

/**
 * The tree with only the groups on the way to the current page listing
 * their pages; every other group is folded to one link to its first page
 * (its own page when it has one), where it is open: every page stays
 * reachable through the navigation, with or without script, a folder at a
 * time. This is how MkDocs Material's `navigation.prune` keeps large sites
 * light; search and sitemap.xml still cover every page.
 */
export function foldNav(items: GuideNavItem[], pathname: string): GuideNavItem[] {
  const current = normaliseNavPath(pathname);
  // One walk of the tree, each URL compared once: a data request of a
  // client-side navigation folds the tree anew, and a folder may hold
  // thousands of pages. Returns the entry as shown, and whether it leads to
  // the current page.
  const fold = (item: GuideNavItem): [GuideNavItem, boolean] => {
    const isCurrent = item.url !== null && normaliseNavPath(item.url) === current;
    if (item.children.length === 0) return [item, isCurrent];
    const children = item.children.map(fold);
    if (isCurrent || children.some(([, leads]) => leads)) return [{ ...item, children: children.map(([child]) => child) }, true];
    const landing = item.url ?? firstPageUrl(item.children);
    return [landing === null ? item : { title: item.title, url: landing, children: [], folded: true }, false];
  };
  return items.map((item) => fold(item)[0]);
}

/** Whether `current` (normalised) is this entry's page or one below it. */
export function leadsTo(item: GuideNavItem, current: string): boolean {
  return (item.url !== null && normaliseNavPath(item.url) === current) || item.children.some((child) => leadsTo(child, current));
}

/** "/guide/a/" and "/guide/caf%C3%A9" compare equal to "/guide/a" and "/guide/café". */
export function normaliseNavPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  try {
    return decodeURI(trimmed);
  } catch {
    return trimmed;
  }
}

/** The first page in reading order at or below these entries. */
function firstPageUrl(items: GuideNavItem[]): string | null {
  for (const item of items) {
    const url = item.url ?? firstPageUrl(item.children);
    if (url !== null) return url;
  }
  return null;
}
