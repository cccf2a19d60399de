import { useHref } from "react-router";

/**
 * The path the site is served from: "" at its host's root, "/docs" for an
 * export built with `--base /docs/`. The router puts it before every <Link>;
 * plain anchors (the Markdown's, the guide's navigation) are written with it
 * and given to the router's navigate() without it.
 */
export function useBasePath(): string {
  return useHref("/").replace(/\/$/, "");
}

/** A pathname of this site as the router names it (without the base path); null for one outside the site. */
export function withoutBasePath(pathname: string, basePath: string): string | null {
  if (basePath === "") return pathname;
  if (pathname === basePath) return "/";
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
}
