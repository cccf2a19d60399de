/**
 * Static hosts such as GitHub Pages and S3 answer `/guide/x` with a redirect
 * to `/guide/x/`, the folder the export wrote its index.html in. The site's
 * addresses have no final "/": the router matches the address as written and
 * asks for a page's data beside it (`/guide/x.data`, which the export wrote,
 * not `/guide/x/_.data`). So before the router reads the address, it goes
 * back to the one the page was made for, in place, without a request.
 */
export function dropFolderSlash(): void {
  const { pathname, search, hash } = window.location;
  // The site's root keeps its "/": under a base path it is the folder itself ("/docs/").
  const root = (window as { __reactRouterContext?: { basename?: string } }).__reactRouterContext?.basename ?? "/";
  if (!pathname.endsWith("/") || pathname === root || pathname === "/") return;
  window.history.replaceState(window.history.state, "", pathname.replace(/\/+$/, "") + search + hash);
}
