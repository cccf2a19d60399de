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
  const index = indexOf(items);
  // The entries of the current page and those above them; every other group is folded, the same way on every page.
  const onPath = new Set<GuideNavItem>();
  const current = index.byUrl.get(normaliseNavPath(pathname));
  for (const entry of current === undefined ? [] : Array.isArray(current) ? current : [current]) {
    for (let at: GuideNavItem | undefined = entry; at && !onPath.has(at); at = index.parent.get(at)) onPath.add(at);
  }
  const show = (item: GuideNavItem): GuideNavItem => {
    if (item.children.length === 0) return item;
    return onPath.has(item) ? { ...item, children: item.children.map(show) } : index.folded(item);
  };
  return items.map(show);
}

/**
 * What folding needs of a tree, made once per tree and kept while the tree
 * is: each entry by its normalised URL, each entry's parent, and each
 * group's folded form. A page's fold then touches only the groups on its
 * path and their children, not the whole tree: at 5,000 pages, a walk of
 * the whole tree for each page (and its data request) was 57 s of the
 * 152 s an export's main process was busy (BENCHMARKS.md). The server
 * keeps it all its life, so an address is keyed by the entry's own string
 * when normalising leaves it as it is, and holds its one entry (several
 * only when a page is listed twice) rather than an array of one.
 */
type NavIndex = { byUrl: Map<string, GuideNavItem | GuideNavItem[]>; parent: Map<GuideNavItem, GuideNavItem>; folded(item: GuideNavItem): GuideNavItem };

const indexes = new WeakMap<GuideNavItem[], NavIndex>();

function indexOf(items: GuideNavItem[]): NavIndex {
  let index = indexes.get(items);
  if (index) return index;
  const byUrl = new Map<string, GuideNavItem | GuideNavItem[]>();
  const parent = new Map<GuideNavItem, GuideNavItem>();
  const visit = (item: GuideNavItem) => {
    if (item.url !== null) {
      const normalised = normaliseNavPath(item.url);
      const url = normalised === item.url ? item.url : normalised;
      const same = byUrl.get(url);
      if (same === undefined) byUrl.set(url, item);
      else if (Array.isArray(same)) same.push(item);
      else byUrl.set(url, [same, item]);
    }
    for (const child of item.children) {
      parent.set(child, item);
      visit(child);
    }
  };
  items.forEach(visit);
  const folded = new Map<GuideNavItem, GuideNavItem>();
  index = {
    byUrl,
    parent,
    // A group folds to one link to its first page (its own page when it has one); with none, it stays as it is.
    folded(item) {
      let form = folded.get(item);
      if (!form) {
        const landing = item.url ?? firstPageUrl(item.children);
        form = landing === null ? item : { title: item.title, url: landing, children: [], folded: true };
        folded.set(item, form);
      }
      return form;
    },
  };
  indexes.set(items, index);
  return index;
}

/**
 * The groups above the page at `url`, outermost first: where it sits in the
 * contents ([] for a page at the top, or one not in them). A later part of
 * the list of every page names them for its first page, which its own
 * part does not show them above.
 */
export function navAncestors(items: GuideNavItem[], url: string): GuideNavItem[] {
  const index = indexOf(items);
  const found = index.byUrl.get(normaliseNavPath(url));
  const entry = Array.isArray(found) ? found[0] : found;
  const above: GuideNavItem[] = [];
  for (let at = entry && index.parent.get(entry); at; at = index.parent.get(at)) above.unshift(at);
  return above;
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
