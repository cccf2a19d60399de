import type { RouterContextProvider } from "react-router";
import { editUrl } from "./edit-url";
import type { SiteConfig } from "./guide/service/guide";
import type { GuidePage, RenderedPage } from "./guide/guide-types";
import { sendOnce } from "./sent-once.server";

/** Formatted here, once, in UTC: the browser shows what the server wrote, whatever its own time zone. */
const LONG_DATE = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

/**
 * What a guide page's route sends for one page (the landing page at /guide
 * and every other page alike): the article and its sections, kept out of a
 * document's data (sent-once.ts), where to edit it, and its neighbours in
 * reading order.
 */
export function guidePageData(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  pages: readonly GuidePage[],
  page: RenderedPage,
  site: Pick<SiteConfig, "editUrlBase">,
) {
  const index = pages.findIndex((other) => other.slug === page.slug);
  const link = (other: GuidePage | undefined) => (other ? { url: other.url, title: other.navTitle } : null);
  return {
    page: {
      title: page.title,
      titleId: page.titleId,
      description: page.description,
      subtitle: page.subtitle,
      html: sendOnce(args, "guide-article", page.html),
      headings: sendOnce(args, "guide-headings", page.headings),
      editUrl: editUrl(site.editUrlBase, page.relativePath),
      lastUpdated: page.lastUpdated === null ? null : { iso: new Date(page.lastUpdated).toISOString(), text: LONG_DATE.format(page.lastUpdated) },
    },
    previous: index > 0 ? link(pages[index - 1]) : null,
    next: index >= 0 ? link(pages[index + 1]) : null,
  };
}

export type GuidePageData = ReturnType<typeof guidePageData>;
