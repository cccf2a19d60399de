import type { GuidePage, RenderedPage } from "../guide-types";
import type { BrokenLink } from "../load/link-report";
import { mapLimit } from "../map-limit";

/**
 * Links whose `#fragment` names no element on the page they lead to: a
 * page that exists, but a heading that was renamed or never there. Read
 * from the rendered articles, where every link is already the site's URL
 * and every id is final (what a browser would look for).
 */
export type BrokenAnchor = BrokenLink & { fragment: string };

/** `parallel`: how many pages are rendered at a time (one per render worker and one waiting for each, say). */
export async function findBrokenAnchors(
  pages: readonly GuidePage[],
  render: (page: GuidePage) => Promise<RenderedPage>,
  { parallel = 1 }: { parallel?: number } = {},
): Promise<BrokenAnchor[]> {
  // Only each page's ids and links are kept, never its HTML, and the report follows the pages' order.
  const found = await mapLimit(pages, parallel, async (page) => {
    // A page that cannot be rendered is reported as such, not for its links.
    const rendered = await render(page).catch(() => null);
    if (!rendered) return null;
    const ids = new Set([rendered.titleId, ...[...rendered.html.matchAll(/\sid="([^"]*)"/g)].map((match) => decodeEntities(match[1]!))]);
    const links = [...rendered.html.matchAll(/<a\s[^>]*?href="([^"]*#[^"]*)"/g)].flatMap((match) => siteLink(decodeEntities(match[1]!), page.url));
    return { page, ids, links };
  });
  const rendered = found.filter((anchors) => anchors !== null);
  const idsByUrl = new Map(rendered.map(({ page, ids }) => [page.url, ids]));
  const broken: BrokenAnchor[] = [];
  for (const { page, links } of rendered) {
    for (const { href, url, fragment } of links) {
      const ids = idsByUrl.get(url);
      // Links to other parts of the site, or to a page that does not exist (reported as a broken link already), are not this check's.
      if (ids && !ids.has(fragment)) broken.push({ from: page.relativePath, href, fragment });
    }
  }
  return broken;
}

/** A link to a page of the guide with a fragment: the page's URL and the id it names. */
function siteLink(href: string, pageUrl: string): Array<{ href: string; url: string; fragment: string }> {
  const url = URL.parse(href, `https://site.invalid${pageUrl}`);
  if (!url || url.origin !== "https://site.invalid" || url.hash.length < 2) return [];
  let fragment: string;
  try {
    fragment = decodeURIComponent(url.hash.slice(1));
  } catch {
    fragment = url.hash.slice(1);
  }
  return [{ href: href.startsWith("#") ? href : `${url.pathname}${url.hash}`, url: url.pathname.replace(/\/$/, "") || "/", fragment }];
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_all, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[name]!);
}
