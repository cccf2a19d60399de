import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/guide-page";
import { Prose } from "../components/prose";
import { guide } from "../guide/content-dir.server";

export function loader({ params }: Route.LoaderArgs) {
  // Pages are looked up in memory by slug; no request path ever reaches the
  // file system, so "../" and encoded variants can only miss.
  const index = guide.pages.findIndex((page) => page.slug === params["*"]);
  const page = guide.pages[index];
  if (!page) throw data(null, { status: 404 });
  const link = (other: typeof page | undefined) => other && { url: other.url, title: other.title };
  return {
    page: { title: page.title, description: page.description, html: page.html },
    previous: link(guide.pages[index - 1]),
    next: link(guide.pages[index + 1]),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `${loaderData.page.title} · Themed Guide` }, { name: "description", content: loaderData.page.description }]
    : [{ title: "Page not found · Themed Guide" }];

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const { page, previous, next } = loaderData;
  return (
    <>
      <article className="prose">
        <h1>{page.title}</h1>
        <Prose html={page.html} />
      </article>
      <nav aria-label="Previous and next page" className="pager">
        {previous && (
          <Link to={previous.url} rel="prev">
            <span>Previous</span> {previous.title}
          </Link>
        )}
        {next && (
          <Link to={next.url} rel="next">
            <span>Next</span> {next.title}
          </Link>
        )}
      </nav>
    </>
  );
}

/** An unknown page of the guide: the guide's navigation stays around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
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
