import interLatinUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useHref, useRouteLoaderData } from "react-router";
import { ThemeHead, ThemeHtml } from "react-router-theme";
import { getThemePreference } from "react-router-theme/server";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { useNonce } from "./nonce";
import { isNotFound } from "./not-found";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { getSiteConfig } from "./guide/service/guide-service.server";
import { withRetryAfter } from "./render-failures.server";
import { markdownMiddleware } from "./guide/service/markdown-middleware.server";
import { ContentLiveReload } from "./guide/dev/live-reload";
import { DEFAULT_SITE_NAME, pageTitle } from "./site-title";
import { SEARCH_INDEX_META } from "./static-site/search-index-meta";
import { staticSiteTheme, theme } from "./theme/theme";

/** Markdown for programs that ask for it: /llms.txt, a page's URL plus `.md`, `Accept: text/markdown`. */
export const middleware: Route.MiddlewareFunction[] = [markdownMiddleware];

/** Where `themed-guide build` writes the export's search index (Pagefind's script). */
const STATIC_SEARCH_INDEX = "/pagefind/pagefind.js";

export async function loader({ request }: Route.LoaderArgs) {
  const site = await getSiteConfig();
  // siteName: every route's <title> ends with it (site-title.ts).
  return {
    theme: getThemePreference(request, theme),
    siteName: site.name,
    ownFolder: site.ownFolder,
    staticSite: site.staticSite,
    liveReload: site.liveReload,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Undefined when the root loader has failed: the error page still has a header and a footer.
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const staticSite = data?.staticSite ?? false;
  // The site's own files, addressed through the router: under an export's
  // base path ("/docs") it puts that before them, as before every link.
  const href = { stylesheet: useHref(stylesheetUrl), font: useHref(interLatinUrl), icon: useHref("/favicon.svg"), searchIndex: useHref(STATIC_SEARCH_INDEX) };

  return (
    <ThemeHtml theme={staticSite ? staticSiteTheme : theme} preference={data?.theme} lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React sends the stylesheet first in <head>, ahead
            of the font preload, so the one render-blocking request is never
            queued behind it (module preloads are taken out: module-preloads.server.ts). */}
        <link rel="stylesheet" href={href.stylesheet} precedence="default" />
        {/* Only the Latin file: other subsets load by unicode-range if a page needs them. */}
        <link rel="preload" href={href.font} as="font" type="font/woff2" crossOrigin="anonymous" />
        <link rel="icon" href={href.icon} type="image/svg+xml" />
        {/* Vite's error overlay, in development only, styles itself with this nonce (content-security-policy.server.ts). */}
        {import.meta.env.DEV && <meta property="csp-nonce" nonce={nonce} />}
        <ThemeHead nonce={nonce} />
        <Meta />
        <Links nonce={nonce} />
        {staticSite && <meta name={SEARCH_INDEX_META} content={href.searchIndex} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader siteName={data?.siteName ?? DEFAULT_SITE_NAME} staticSite={staticSite} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter ownFolder={data?.ownFolder ?? false} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </ThemeHtml>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ContentLiveReload serverEvents={loaderData.liveReload} />
      <Outlet />
    </>
  );
}

/** A 503's Retry-After in the answer when this error boundary shows it (/guide's landing page; render-failures.server.ts). */
export const headers = withRetryAfter;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const siteName = useRouteLoaderData<typeof loader>("root")?.siteName ?? DEFAULT_SITE_NAME;
  const notFound = isNotFound(error);
  const title = notFound ? "Page not found" : "Something went wrong";
  return (
    <article className="prose error-page">
      <title>{pageTitle(title, siteName)}</title>
      <h1>{title}</h1>
      <p>
        {notFound
          ? "There is no page at this address. It may have moved, or the link may be mistyped."
          : "The page could not be shown. Please try again in a moment."}
      </p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/guide">read the guide</Link>.
      </p>
    </article>
  );
}
