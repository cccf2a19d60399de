import type { GuideNavItem } from "../guide-types";
import type { CategoryCard } from "../render/markdown/cards";

/**
 * What Docusaurus' <DocCardList /> shows on a page: the entries of the page's
 * category, as the navigation has them (its titles, its order). On a
 * folder's own page (index.md) that is the folder's entries; on any other
 * page, the entries beside it. The page itself is left out; a folder is one
 * card, leading to its own page or else to its first. Descriptions are the
 * ones front matter gives (`describe`), known without rendering a page.
 */
export function categoryCards(nav: readonly GuideNavItem[], url: string, describe: (url: string) => string | null): CategoryCard[] {
  const entries = categoryOf(nav, url);
  if (!entries) return [];
  return entries.flatMap((entry): CategoryCard[] => {
    const target = entry.url ?? firstUrl(entry.children);
    if (target === null || target === url) return [];
    return [{ title: entry.title, url: target, description: entry.url ? describe(entry.url) : null }];
  });
}

function categoryOf(items: readonly GuideNavItem[], url: string): readonly GuideNavItem[] | null {
  for (const item of items) {
    if (item.url === url) return item.children.length > 0 ? item.children : items;
  }
  for (const item of items) {
    const found = categoryOf(item.children, url);
    if (found) return found;
  }
  return null;
}

function firstUrl(items: readonly GuideNavItem[]): string | null {
  for (const item of items) {
    const url = item.url ?? firstUrl(item.children);
    if (url !== null) return url;
  }
  return null;
}
