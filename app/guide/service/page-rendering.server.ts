import { GuideContentError } from "../guide-content-error";
import type { GuidePage, RenderedPage } from "../guide-types";
import type { ReadFolder } from "../load/read-folder.server";
import type { RenderJob, RenderResult } from "../render/render-page.server";
import type { SearchSection } from "../render/search-sections.server";
import type { RenderedPageStore } from "./kept-pages.server";
import type { DiskPageCache } from "./page-cache/disk-page-cache.server";
import { resolvesAsBefore, type AskedLink, type UrlTargets } from "../render/resolve-url.server";
import { createKnownPages, jobAsBefore, type KnownPages } from "./known-pages.server";
import { createPageJobs } from "./page-jobs.server";
import { plainTextPage } from "./plain-text-page.server";
import { PageRenderError, RendererBusyError, RenderTimeLimitError, type PageRenderer } from "./render-worker-client.server";

/**
 * A page's article on request: from the store in memory when it is kept
 * there; else its Markdown is read from its file and the page is taken
 * from the disk cache under its key (page-cache/page-keys.server.ts) or
 * rendered, once however many ask for it at the same moment, and kept in
 * both. A page that ran past its time limit, or that the renderer threw
 * on, is shown as plain text (plain-text-page.server.ts), for good: the
 * same Markdown would do it again, each time the page was asked for. Its
 * findings carry the problem, which `check` reports.
 *
 * Under `themed-guide dev` each load of the folder is handed what the last
 * one found (`known`, known-pages.server.ts): the completion takes a page
 * whose key and links are unchanged from there, without reading its file
 * or its entry, so that an edit need not read every page of a large folder.
 */

/** What a render found besides the article, for the background completion: search sections and links that lead nowhere. */
export type RenderFindings = {
  /** Null: the search store holds them under this key already (a page taken as the last load found it). */
  sections: SearchSection[] | null;
  brokenHrefs: string[];
  description: string;
  /** Why the page is shown as plain text (its file's fault); null when it rendered. */
  problem: string | null;
};

type Options = {
  renderer: PageRenderer;
  store: RenderedPageStore;
  /** Rendered pages kept across restarts; null: none (rendering from source, or an export). */
  diskCache: DiskPageCache | null;
  /** The renderer's version, part of every page's key (page-keys.server.ts). */
  rendererVersion: string;
  /** The folder's link targets: an entry of the disk cache is used only if its links resolve against them as they did. */
  targets: UrlTargets;
  warn: (message: string) => void;
  /** `key`: the page's key, which changes whenever its render would. */
  onRendered: (page: GuidePage, findings: RenderFindings, key: string) => void;
  /** What the last load of this folder found; and whether the search store holds the page under that key (so no sections are needed). */
  known?: {
    pages: KnownPages;
    indexed: (page: GuidePage, key: string) => boolean;
    /** The folder's link targets are those the last load had (an edit, not a page added or moved): every link resolves as it did. */
    sameTargets: boolean;
  };
  /** Note what each page's render found, for the next load (`known()`). */
  keepFindings?: boolean;
};

export function createPageRendering(folder: ReadFolder, { renderer, store, diskCache, rendererVersion, targets, warn, onRendered, known, keepFindings = false }: Options) {
  const inFlight = new Map<GuidePage, Promise<RenderedPage>>();
  // What the pages not in memory came from, for the start's report; `unchanged`: taken from what the last load found.
  const counts = { rendered: 0, fromDiskCache: 0, unchanged: 0 };
  const noted = keepFindings ? createKnownPages() : null;
  const tell = (page: GuidePage, findings: RenderFindings, links: AskedLink[], key: string) => {
    noted?.findings(key, findings, links);
    onRendered(page, findings, key);
  };
  // Each page's key as last read: what the cache folder keeps (page-cache/sweep-page-cache.server.ts).
  const { jobOf, jobWithoutMarkdown, keys } = createPageJobs(folder, rendererVersion, noted);
  // Writes to the cache folder under way: a page is served without waiting for its own.
  const writes = new Set<Promise<void>>();
  const overran = new Map<GuidePage, RenderedPage>();

  async function renderPage(page: GuidePage, background: boolean): Promise<RenderedPage> {
    const source = folder.sources.get(page)!;
    const { job, key } = await jobOf(page);
    let result = await diskCache?.get(key);
    // Rendered when another page was where a link now leads (or was not): rendered again, and kept under the same key.
    if (result && !resolvesAsBefore(targets, page.relativePath, result.links)) result = undefined;
    if (result) counts.fromDiskCache++;
    else {
      try {
        result = await renderer.render(job, background);
        counts.rendered++;
      } catch (error) {
        // Too many visitors' pages waiting: not rendered, nor the page's fault; it is asked for again later.
        if (error instanceof RendererBusyError) throw error;
        counts.rendered++;
        if (error instanceof RenderTimeLimitError) return showAsWritten(page, job, key, error.message, "overran");
        if (error instanceof PageRenderError) return showAsWritten(page, job, key, `could not be rendered: ${error.message}`, "failed");
        throw new GuideContentError(`${page.file}: could not be rendered: ${(error as Error).message}`, page.file);
      }
      if (diskCache) {
        const writing = diskCache.set(key, result).finally(() => writes.delete(writing));
        writes.add(writing);
      }
    }
    // The navigation already shows page.title; a disagreement would be a bug in readLeadingTitle.
    if (source.meta.title === null && result.leadingTitle !== source.leadingTitle) {
      warn(`${page.file}: its title was read as ${JSON.stringify(source.leadingTitle)} at start but renders as ${JSON.stringify(result.leadingTitle)}`);
    }
    tell(page, { sections: result.sections, brokenHrefs: result.brokenHrefs, description: result.description, problem: null }, result.links, key);
    return withContent(page, result);
  }

  function showAsWritten(page: GuidePage, job: RenderJob, key: string, problem: string, why: "overran" | "failed"): RenderedPage {
    const told = `${problem}; it is shown as plain text`;
    warn(`${page.file}: ${told}`);
    const result = plainTextPage(job, why);
    tell(page, { sections: result.sections, brokenHrefs: [], description: result.description, problem: told }, [], key);
    const shown = withContent(page, result);
    overran.set(page, shown);
    return shown;
  }

  /** The page with its article; `background`: no one is waiting for it (rendered after any page someone is). */
  function render(page: GuidePage, background = false): Promise<RenderedPage> {
    const found = overran.get(page) ?? store.get(page);
    if (found) return Promise.resolve(found);
    let pending = inFlight.get(page);
    if (!pending) {
      pending = renderPage(page, background).then(
        (rendered) => {
          inFlight.delete(page);
          store.set(page, rendered);
          return rendered;
        },
        (error: unknown) => {
          inFlight.delete(page);
          throw error;
        },
      );
      inFlight.set(page, pending);
    }
    return pending;
  }

  /**
   * The page's description, for the background completion: from what the
   * last load found under the same key, when the search store holds the
   * page under it and its links resolve as they did; else from its render.
   */
  async function complete(page: GuidePage): Promise<string> {
    const source = folder.sources.get(page);
    if (known && source && !overran.has(page) && !store.get(page) && !inFlight.has(page)) {
      const sameJob = jobAsBefore(known.pages, source, (withCards) => jobWithoutMarkdown(page, source, withCards));
      const key = sameJob?.key ?? (await jobOf(page)).key;
      const findings = known.pages.findings.get(key);
      if (findings && known.indexed(page, key) && (known.sameTargets || resolvesAsBefore(targets, page.relativePath, findings.links))) {
        keys.set(page, key);
        if (sameJob) noted?.sameJob(page.relativePath, sameJob);
        counts.unchanged++;
        tell(page, { ...findings, sections: null }, findings.links, key);
        return findings.description;
      }
    }
    return (await render(page, true)).description;
  }

  return {
    render,
    complete,
    counts: () => ({ ...counts }),
    /** What this load found so far, for the next (empty without `keepFindings`). */
    known: (): KnownPages => noted?.known() ?? { findings: new Map(), jobs: new Map() },
    keys: () => new Set(keys.values()),
    /** Resolves once every write to the cache folder begun so far has ended. */
    written: () => Promise.all(writes).then(() => {}),
  };
}

function withContent(page: GuidePage, result: Pick<RenderResult, "titleId" | "description" | "subtitle" | "html" | "headings">): RenderedPage {
  return { ...page, titleId: result.titleId, description: result.description, subtitle: result.subtitle, html: result.html, headings: result.headings };
}
