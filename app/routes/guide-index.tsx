import { data, Link } from "react-router";
import type { Route } from "./+types/guide-index";
import { GuideArticle } from "../components/guide-article";
import { getGuide, getSiteConfig, listedDescriptions } from "../guide/service/guide-service.server";
import { guidePageData } from "../guide-page-data.server";
import { asHttpError } from "../render-failures.server";
import { pageTitle, siteNameOf } from "../site-title";

/**
 * /guide: the folder's own landing page (its top-level index.md) when it has
 * one, shown like any page; otherwise a generated list of every page.
 */
export async function loader(args: Route.LoaderArgs) {
  const guide = await getGuide();
  const site = await getSiteConfig();
  if (guide.landing) {
    return { landing: guidePageData(args, guide.pages, await guide.render(guide.landing).catch(asHttpError), site), described: null, pages: null, description: null };
  }
  // Those known so far during a first start: the list says so, and is not kept by the page cache until it is whole.
  const { descriptions, complete } = await listedDescriptions();
  const listing = {
    landing: null,
    described: complete ? null : { count: descriptions.size, of: guide.pages.length },
    pages: guide.pages.map(({ url, title, slug }) => ({
      url,
      title,
      description: descriptions.get(slug) ?? "",
      depth: slug.split("/").length - 1,
    })),
    description: site.ownFolder
      ? "Every page of the documentation, in reading order."
      : "How this site renders the right theme on the first paint, sets its type, and runs in production.",
  };
  return complete ? listing : data(listing, { headers: { "Cache-Control": "no-store" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = siteNameOf(matches);
  const title = pageTitle(loaderData?.landing?.page.title ?? "Guide", siteName);
  const description = loaderData?.landing?.page.description ?? loaderData?.description;
  return [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: title },
    { property: "og:site_name", content: siteName },
  ];
};

export default function GuideIndex({ loaderData }: Route.ComponentProps) {
  if (loaderData.landing) return <GuideArticle {...loaderData.landing} />;
  return (
    <article className="prose">
      <h1>Guide</h1>
      <p>Every page of the guide, in reading order.</p>
      {loaderData.described && (
        <p role="status">
          {`Descriptions of ${loaderData.described.count.toLocaleString("en")} of ${loaderData.described.of.toLocaleString("en")} pages so far: ` +
            "the server is reading the rest for the first time. Reload for more."}
        </p>
      )}
      <ol className="guide-index">
        {loaderData.pages.map((page) => (
          <li key={page.url} style={{ "--depth": page.depth } as React.CSSProperties}>
            <Link to={page.url}>{page.title}</Link>
            {page.description && <span> — {page.description}</span>}
          </li>
        ))}
      </ol>
    </article>
  );
}
