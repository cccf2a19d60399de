import fs from "node:fs";
import path from "node:path";
import { GuideContentError, loadGuide, type Guide } from "./guide.server";

/**
 * The one guide this server shows, and the site's settings that go with it,
 * loaded before the first request is served (its articles are rendered as
 * they are asked for and in the background). Broken front matter or a bad
 * setting stops the start with a message naming it.
 *
 * The production server never reloads: its page cache keeps rendered pages
 * for the life of the process. Only the development server replaces the
 * guide, through `reloadGuide`, when the folder changes (vite-plugin-content.ts).
 */

export const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");

const BUILT_IN_NAME = "Themed Guide";
// Pages of this site outside /guide: a guide may link to them as "/appearance".
const SITE_PATHS = ["/", "/appearance"];

export type SiteConfig = {
  name: string;
  /** Where "Edit this page" links start; the page's relative path is appended. */
  editUrlBase: string | null;
  /** True when CONTENT_DIR points at a folder other than the built-in guide. */
  ownFolder: boolean;
};

const ownFolder = isOwnFolder(contentDir);
const editUrlBase = readEditUrlBase(process.env.EDIT_URL_BASE);
let current = await loadGuide(contentDir, { sitePaths: SITE_PATHS });
// The rest of the pages, the search index and the broken-link report are
// made in the background once the server is up (guide.server.ts).
setTimeout(() => {
  const started = performance.now();
  const loaded = current;
  void loaded.complete().then(({ failures }) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const failed = failures.length > 0 ? `, ${failures.length} could not be` : "";
    console.log(`Guide: ${loaded.pages.length} pages rendered in ${seconds} s${failed}; search is ready`);
  });
}, 0);

export const siteConfig: SiteConfig = { name: siteName(current), editUrlBase, ownFolder };

/** The guide in force; in development it is replaced when the folder changes, so read it per request. */
export function getGuide(): Guide {
  return current;
}

/**
 * Development only: loads the folder again and, if it loads, puts it in
 * force. If it does not, the error is thrown and the last good guide stays.
 */
export async function reloadGuide(): Promise<Guide> {
  const loaded = await loadGuide(contentDir, { sitePaths: SITE_PATHS });
  // Rendered in full before it replaces the last good guide, so a page that
  // fails shows its error in the browser at once.
  const { failures } = await loaded.complete();
  if (failures[0]) throw failures[0];
  current = loaded;
  siteConfig.name = siteName(current);
  return current;
}

function siteName(loaded: Guide): string {
  const fromEnvironment = process.env.SITE_NAME?.trim();
  if (fromEnvironment) return fromEnvironment;
  return (ownFolder && (loaded.projectName ?? loaded.landing?.title)) || BUILT_IN_NAME;
}

function isOwnFolder(folder: string): boolean {
  if (process.env.CONTENT_DIR === undefined) return false;
  const real = (target: string) => {
    try {
      return fs.realpathSync(target);
    } catch {
      return path.resolve(target);
    }
  };
  return real(folder) !== real(path.resolve("content"));
}

function readEditUrlBase(value: string | undefined): string | null {
  const written = value?.trim();
  if (!written) return null;
  let url: URL | null = null;
  try {
    url = new URL(written);
  } catch {
    // reported below, with the value
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password || url.search || url.hash) {
    throw new GuideContentError(
      `EDIT_URL_BASE must be an absolute http(s) URL such as https://github.com/owner/repo/edit/main/docs/ (got ${JSON.stringify(written)})`,
    );
  }
  // The page's relative path is appended, so the base names a folder.
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}
