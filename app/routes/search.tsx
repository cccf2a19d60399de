import { data, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/search";
import { SearchResultTitle, SearchSnippet } from "../components/search-snippet";
import { getGuide } from "../guide/service/guide-service.server";
import { MAX_QUERY_LENGTH, MAX_QUERY_TERMS, normalizeQuery } from "../guide/search/query-terms";
import type { loader as rootLoader } from "../root";
import type { SearchData } from "../search-data";
import { searchStaticIndex, staticSearchIndex } from "../static-site/pagefind-search";
import { pageTitle, siteNameOf } from "../site-title";

/**
 * /search?q=…: the results page, which is all a visitor without JavaScript
 * needs, and the loader the header's results-as-you-type fetch from (with
 * `preview`, for a few). Every query answers 200: one that is too long is
 * cut and searched, with a note saying so, rather than refused.
 */
const PAGE_LIMIT = 50;
const PREVIEW_LIMIT = 8;

export async function loader({ request }: Route.LoaderArgs) {
  const { query, notice, limit } = readSearch(request);
  if (query === "") return data<SearchData>({ query, notice, results: [], more: false });
  // The index kept on disk by an earlier start answers at once. A first
  // start fills it as it renders, for minutes on a large folder: a search
  // meanwhile answers from the pages indexed so far, says so, and is not kept.
  const guide = await getGuide();
  const soFar = guide.searchSoFar();
  // An export's server makes no index: its pages search their own, in the browser (clientLoader).
  if (!soFar) return data<SearchData>({ query, notice, results: [], more: false });
  const partial = !soFar.complete
    ? `Results from ${soFar.pagesIndexed.toLocaleString("en")} of ${guide.pages.length.toLocaleString("en")} pages so far: the server is reading the rest for the first time.`
    : null;
  const started = performance.now();
  // One more than shown, to know whether there are more.
  const found = soFar.index.search(query, { limit: limit + 1 });
  const result: SearchData = {
    query,
    notice: [notice, partial].filter(Boolean).join(" ") || null,
    results: found.slice(0, limit),
    more: found.length > limit,
  };
  // The search's own time, apart from the request's: what the benchmark reports as search at the server.
  const headers = new Headers({ "Server-Timing": `search;dur=${(performance.now() - started).toFixed(1)}` });
  if (partial) headers.set("Cache-Control", "no-store");
  return data(result, { headers });
}

/**
 * A static export has no server to ask: its pages search the index written
 * with them, in the browser, also when an exported /search page opens with
 * a query (hence `hydrate`). On the server's pages this is the loader's
 * answer, and on the first render the data the page came with.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<SearchData> {
  const index = staticSearchIndex();
  if (index === null) return serverLoader();
  const { query, notice, limit } = readSearch(request);
  const found = query === "" ? { results: [], more: false } : await searchStaticIndex(index, query, limit);
  return { query, notice, ...found };
}
clientLoader.hydrate = true as const;

function readSearch(request: Request) {
  const params = new URL(request.url).searchParams;
  const { query, shortened } = normalizeQuery(params.get("q") ?? "");
  const limit = params.has("preview") ? PREVIEW_LIMIT : PAGE_LIMIT;
  const notice = shortened
    ? `Only the beginning of your search was used: a search can be up to ${MAX_QUERY_LENGTH} characters and ${MAX_QUERY_TERMS} words.`
    : null;
  return { query, notice, limit };
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const timing = loaderHeaders.get("Server-Timing");
  const cacheControl = loaderHeaders.get("Cache-Control");
  return { "X-Robots-Tag": "noindex", ...(timing && { "Server-Timing": timing }), ...(cacheControl && { "Cache-Control": cacheControl }) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.query ? `Search: ${loaderData.query}` : "Search", siteNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, notice, results, more } = loaderData;
  const staticSite = useRouteLoaderData<typeof rootLoader>("root")?.staticSite ?? false;
  return (
    <article className="prose search-page">
      <h1>{query ? `Results for “${query}”` : "Search"}</h1>
      {staticSite && (
        <noscript>
          <p className="search-notice">This site is a set of static files: its search runs in the browser and needs JavaScript.</p>
        </noscript>
      )}
      {notice && <p className="search-notice">{notice}</p>}
      {query === "" ? (
        <p>Type a word or two in the search box at the top of the page to search the guide’s pages and sections.</p>
      ) : results.length === 0 ? (
        <NoResults />
      ) : (
        <>
          <p className="search-count">
            {more ? `The best ${results.length} results` : results.length === 1 ? "1 result" : `${results.length} results`}
          </p>
          <ol className="search-results">
            {results.map((result) => (
              <li key={result.url}>
                <h2>
                  <Link to={result.url}>
                    <SearchResultTitle pageTitle={result.pageTitle} parentTitle={result.parentTitle} sectionTitle={result.sectionTitle} />
                  </Link>
                </h2>
                {result.snippet.length > 0 && (
                  <p>
                    <SearchSnippet parts={result.snippet} />
                  </p>
                )}
              </li>
            ))}
          </ol>
          {more && <p>More sections match: add a word to narrow the search down.</p>}
        </>
      )}
    </article>
  );
}

function NoResults() {
  return (
    <>
      <p className="search-count">No results.</p>
      <ul>
        <li>Check the spelling of each word.</li>
        <li>Try other words, or more general ones.</li>
        <li>
          Or browse <Link to="/guide">the guide’s contents</Link>.
        </li>
      </ul>
    </>
  );
}
