import { settings, type Settings } from "../../settings.server";
import type { DescriptionsSoFar } from "./background-completion.server";
import type { Guide, SiteConfig } from "./guide";
import { loadGuide, type LoadGuideOptions } from "./load-guide.server";
import type { Worker } from "node:worker_threads";
import os from "node:os";
import { createPageRenderer } from "./render-worker-client.server";
import { renderWorkerPool } from "./render-worker-pool.server";
import { pageCount } from "../page-count";
import { cacheShare, memoryShares } from "../../../server/memory-budget.ts";
import { standingWarnings } from "./standing-warnings";

/**
 * The one guide this server shows, and the site's settings that go with it.
 * Nothing happens when this module is imported: the production server starts
 * the guide before it listens (`startGuide`, through the server seam), and
 * anything else (the development server, a test, a command) gets it loaded
 * on first use (`getGuide`). Broken front matter or a bad setting rejects
 * with a message naming it.
 *
 * Once loaded, the rest of the pages, the search index and the broken-link
 * report are made in the background (background-completion.server.ts).
 * The production server never reloads: its page cache keeps rendered pages
 * for the life of the process. Only the development server replaces the
 * guide, through `reloadGuide`, when the folder changes (dev/vite-plugin-content.ts).
 */

// Pages of this site outside /guide: a guide may link to them as "/appearance".
export const SITE_PATHS = ["/", "/appearance"];
const BUILT_IN_NAME = "Themed Guide";
/** Rendered HTML an export keeps, in bytes: the few pages it has in hand at once (a server keeps far more). */
const EXPORT_BYTES_KEPT = 8 * 1024 * 1024;

type StartOptions = {
  settings?: Settings;
  /** A render worker already started for the built worker file (the production server starts one early). */
  renderWorker?: Worker;
  /** The pages are rendered to be exported as static files (SiteConfig.staticSite). */
  staticSite?: boolean;
  /** An export's --base: every URL the pages write starts with it (SiteConfig.basePath). */
  basePath?: string;
  /** `themed-guide dev`: the folder is watched and open pages reload their data (SiteConfig.liveReload). */
  liveReload?: boolean;
};

let loading: Promise<Guide> | null = null;
let current: Guide | null = null;
let inForce: Settings | null = null;
let staticSite = false;
let basePath = "";
let liveReload = false;
/** What the guide in force was loaded with: a reload loads the folder again with the same renderer, cache folder and search store. */
let loadedWith: LoadGuideOptions | null = null;
/** The folder's warnings, each said once while it stands: the development servers load it again on every change. */
const warnings = standingWarnings((message) => console.warn(message));

/** A reload put in force, and how many of its warnings were the last guide's too (said then, not again). */
export type Reload = { guide: Guide; warningsAsBefore: number };

/**
 * Loads the guide and starts its background completion; a second call gets
 * the same guide. Rejects with GuideContentError (or SettingsError) when the
 * folder cannot be served, and then a later call tries again.
 */
export function startGuide(options: StartOptions = {}): Promise<Guide> {
  loading ??= load(options).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The guide in force; in development it is replaced when the folder changes, so ask per request. */
export function getGuide(): Promise<Guide> {
  return current ? Promise.resolve(current) : startGuide();
}

/** The site's name and links, from the settings and the guide in force. */
export async function getSiteConfig(): Promise<SiteConfig> {
  const guide = await getGuide();
  const { siteName, editUrlBase, ownFolder } = inForce!;
  return { name: siteName ?? ((ownFolder && (guide.projectName ?? guide.landing?.title)) || BUILT_IN_NAME), editUrlBase, ownFolder, staticSite, basePath, liveReload };
}

/**
 * Every page's description, for a list of them (`/guide`, `/llms.txt`).
 * They come from each page's rendering, and a large folder's first start
 * renders for minutes in the background: a server answers with those known
 * so far (`complete` says whether that is all, so the answer is kept from
 * caches until it is); a static export, written once, waits for every page.
 */
export async function listedDescriptions(): Promise<DescriptionsSoFar> {
  const guide = await getGuide();
  return staticSite ? { descriptions: (await guide.complete()).descriptions, complete: true } : guide.descriptionsSoFar();
}

/** SiteConfig.basePath, for code that runs before any page is asked for (the Markdown middleware). */
export function siteBasePath(): string {
  return basePath;
}

/**
 * The site's address with its base path, no final "/", for what names its
 * pages in full (/llms.txt, the sitemaps): SITE_URL, else the request's
 * origin. An export's requests are made at --site-url already.
 */
export function siteAddress(request: Request): string {
  const configured = staticSite ? null : (inForce ?? settings()).siteUrl;
  return (configured ?? new URL(request.url).origin) + basePath;
}

/**
 * Development only: loads the folder again and, if it loads, puts it in
 * force. If it does not, the error is thrown and the last good guide stays.
 *
 * With the renderer, the cache folder and the search store the guide in
 * force was loaded with, so that an edit renders again only the pages it
 * changed (their keys are their Markdown's, page-cache/page-keys.server.ts)
 * and the rest are taken from what the last load found (known-pages.server.ts),
 * or read back from the cache folder: an edit shows in the open page in
 * about half a second at 1,000 pages, where rendering every page took
 * 8 s for 84 (BENCHMARKS.md, bench:dev). A page added, renamed or removed renders
 * again itself and the pages whose links lead to where it is or was
 * (render/resolve-url.server.ts, `resolvesAsBefore`). The guide in force completes
 * first: its background rendering shares the renderer and the cache
 * folder, and must not sweep or index after this one.
 */
export async function reloadGuide(): Promise<Reload> {
  await current?.complete().catch(() => {});
  warnings.beginLoad();
  const loaded = await loadGuide((inForce ?? settings()).contentDir, { ...(loadedWith ?? { sitePaths: SITE_PATHS, warn: warnings.warn }), known: current?.known() });
  // Rendered in full before it replaces the last good guide, so a page that
  // fails shows its error in the browser at once.
  const { failures } = await loaded.complete();
  if (failures[0]) throw failures[0];
  inForce ??= settings();
  current = loaded;
  loading = Promise.resolve(loaded);
  return { guide: loaded, warningsAsBefore: warnings.loadInForce() };
}

async function load(options: StartOptions): Promise<Guide> {
  const given = options.settings ?? settings();
  // An export renders every page once as fast as it can, then ends: a render worker per core.
  const workers = options.staticSite ? os.availableParallelism() : 1;
  const budgetMB = given.memoryBudgetMB;
  const renderer =
    workers === 1
      ? createPageRenderer(undefined, { prestarted: options.renderWorker, budgetMB, stayWarm: options.liveReload })
      : renderWorkerPool(Array.from({ length: workers }, (_, index) => createPageRenderer(undefined, { prestarted: index === 0 ? options.renderWorker : undefined, budgetMB })));
  // An export asks for each page once (its HTML, then its data) and writes its own search index:
  // it keeps only the pages in hand, and no page's search sections.
  const keptPagesBytes = memoryShares(budgetMB).keptPagesBytes;
  const kept = options.staticSite ? { searchIndex: false, renderedBytesKept: EXPORT_BYTES_KEPT } : { renderedBytesKept: () => keptPagesBytes * cacheShareNow() };
  // `themed-guide dev` loads the folder again on every change: each load hands what it found to the next.
  const guideOptions: LoadGuideOptions = { sitePaths: SITE_PATHS, basePath: options.basePath, renderer, cacheFolder: given.cacheDir, keepFindings: options.liveReload, warn: warnings.warn, ...kept };
  warnings.beginLoad();
  const guide = await loadGuide(given.contentDir, guideOptions);
  warnings.loadInForce();
  loadedWith = guideOptions;
  inForce = given;
  staticSite = options.staticSite ?? false;
  basePath = options.basePath ?? "";
  liveReload = options.liveReload ?? false;
  current = guide;
  // An export asks for every page itself, one after another: rendering them in the background too would do it twice.
  if (!staticSite) completeInBackground(guide);
  return guide;
}

/**
 * An export has asked for every page: its render workers end now. Left to
 * end when idle, they waited for the guide's completion to release them,
 * which only a list of every page's description asks for: on a folder with
 * a page of its own at its root they ran on, heaps and all, for
 * UNASKED_IDLE_MS while the search index was written. Resolves once their
 * threads have exited, to whether any ran.
 */
export async function endRenderWorkers(): Promise<boolean> {
  const renderer = loadedWith?.renderer;
  const running = renderer?.workerRunning?.() ?? false;
  await renderer?.release({ now: true });
  return running;
}

/** The part of their shares of the budget the caches in memory keep now: less while the guide's render worker runs beside them. */
export function cacheShareNow(): number {
  return cacheShare(loadedWith?.renderer?.workerRunning?.() ?? false);
}

/** The rest of the pages, the search index and the broken-link report, once the server is up. */
function completeInBackground(guide: Guide) {
  // After the turn that loaded the guide: the server listens first.
  setTimeout(() => {
    const started = performance.now();
    void guide.complete().then(({ failures }) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const failed = failures.length > 0 ? `, ${failures.length} could not be` : "";
      const { rendered, fromDiskCache } = guide.renderCounts();
      console.log(`Guide: ${pageCount(guide.pages.length)} ready in ${seconds} s (${rendered} rendered, ${fromDiskCache} from the page cache)${failed}; search is ready`);
    });
  }, 0);
}
