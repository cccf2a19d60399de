import { data } from "react-router";
import type { Route } from "./+types/guide-index";
import { GuideArticle } from "../components/guide-article";
import { PageList } from "../components/page-list";
import { getGuide, getSiteConfig } from "../guide/service/guide-service.server";
import { loaderCacheControl, pageListPart } from "../guide/service/page-list.server";
import { guidePageData } from "../guide-page-data.server";
import { asHttpError } from "../render-failures.server";
import { pageTitle, siteNameOf } from "../site-title";

/**
 * /guide: the folder's own landing page (its top-level index.md) when it has
 * one, shown like any page; otherwise a generated list of every page, or
 * for a large folder its first part (routes/guide-list-part.tsx has the others).
 */
export async function loader(args: Route.LoaderArgs) {
  const guide = await getGuide();
  if (guide.landing) {
    return { landing: guidePageData(args, guide.pages, await guide.render(guide.landing).catch(asHttpError), await getSiteConfig()), list: null };
  }
  // A folder with no landing page has a first part of its list, however few its pages.
  const { list, headers } = (await pageListPart(1))!;
  return data({ landing: null, list }, { headers });
}

export const headers = loaderCacheControl;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = siteNameOf(matches);
  const title = pageTitle(loaderData?.landing?.page.title ?? "Guide", siteName);
  const description = loaderData?.landing?.page.description ?? loaderData?.list?.description;
  return [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: title },
    { property: "og:site_name", content: siteName },
  ];
};

export default function GuideIndex({ loaderData }: Route.ComponentProps) {
  return loaderData.landing ? <GuideArticle {...loaderData.landing} /> : <PageList {...loaderData.list} />;
}
