/**
 * Every page's <title> is "<page> · <site name>"; the site name comes from
 * the root loader (siteConfig.name), so a folder of one's own carries its
 * own name.
 */

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

export const DEFAULT_SITE_NAME = "Themed Guide";

export function siteNameOf(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  const name = root && typeof root === "object" && "siteName" in root ? root.siteName : null;
  return typeof name === "string" && name !== "" ? name : DEFAULT_SITE_NAME;
}

/** "Themes · Themed Guide"; just the site name for a page named like the site (a landing page). */
export function pageTitle(page: string, siteName: string): string {
  return page === siteName ? siteName : `${page} · ${siteName}`;
}
