import { data } from "react-router";
import type { Route } from "./+types/guide-list-part";
import { pageListHeading, PageList } from "../components/page-list";
import { getGuide } from "../guide/service/guide-service.server";
import { loaderCacheControl, pageListPart } from "../guide/service/page-list.server";
import { listPart } from "../guide/nav/page-list-parts";
import { isNotFound } from "../not-found";
import { pageTitle, siteNameOf } from "../site-title";

/**
 * /guide-pages/2 and on: the later parts of a large folder's list of every
 * page (guide/nav/page-list-parts.ts); /guide is the first. Any other
 * number, a folder with a landing page, or one whose list is one part, is
 * a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const guide = await getGuide();
  const part = guide.landing ? null : listPart(params.part, guide.pages.length);
  const found = part && (await pageListPart(part.number));
  if (!found) throw data(null, { status: 404 });
  return data(found.list, { headers: found.headers });
}

export const headers = loaderCacheControl;

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const siteName = siteNameOf(matches);
  if (!loaderData) return [{ title: pageTitle(isNotFound(error) ? "Page not found" : "Page could not be shown", siteName) }];
  const title = pageTitle(pageListHeading(loaderData.part), siteName);
  return [
    { title },
    { name: "description", content: loaderData.description },
    { property: "og:title", content: title },
    { property: "og:site_name", content: siteName },
  ];
};

export default function GuideListPart({ loaderData }: Route.ComponentProps) {
  return <PageList {...loaderData} />;
}
