import { data, Link } from "react-router";
import type { Route } from "./+types/guide-page";
import { GuideArticle } from "../components/guide-article";
import { getGuide, getSiteConfig } from "../guide/service/guide-service.server";
import { guidePageData } from "../guide-page-data.server";
import { asHttpError, withRetryAfter } from "../render-failures.server";
import { isNotFound } from "../not-found";
import { pageTitle, siteNameOf } from "../site-title";

export async function loader(args: Route.LoaderArgs) {
  // Pages are looked up in memory by slug; no request path ever reaches the
  // file system, so "../" and encoded variants can only miss.
  const guide = await getGuide();
  const page = guide.findPage(args.params["*"] ?? "");
  if (!page) throw data(null, { status: 404 });
  const rendered = await guide.render(page).catch(asHttpError);
  // A page with no text to describe it is described as the site is: by its landing page.
  const described = rendered.description || !guide.landing ? rendered : { ...rendered, description: (await guide.render(guide.landing).catch(asHttpError)).description };
  return guidePageData(args, guide.pages, described, await getSiteConfig());
}

/** A 503's Retry-After (asHttpError) in the answer: this route's error boundary shows it. */
export const headers = withRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const siteName = siteNameOf(matches);
  if (!loaderData) return [{ title: pageTitle(isNotFound(error) ? "Page not found" : "Page could not be shown", siteName) }];
  const title = pageTitle(loaderData.page.title, siteName);
  const { description } = loaderData.page;
  return [
    { title },
    // Never an empty description: search engines would show it as such.
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: title },
    { property: "og:site_name", content: siteName },
    ...(loaderData.page.lastUpdated ? [{ property: "article:modified_time", content: loaderData.page.lastUpdated.iso }] : []),
  ];
};

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  return <GuideArticle {...loaderData} />;
}

/** An unknown page of the guide: the guide's navigation stays around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isNotFound(error);
  return (
    <article className="prose">
      <h1>{notFound ? "No such page in the guide" : "This page could not be shown"}</h1>
      <p>
        {notFound ? "The guide has no page at this address. " : "Something went wrong while showing it. "}
        Pick one from the contents, or start at <Link to="/guide">the guide's index</Link>.
      </p>
    </article>
  );
}
