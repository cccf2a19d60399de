import { GuideContentError } from "../guide-content-error";
import type { GuidePage, RenderedPage } from "../guide-types";
import type { ReadFolder } from "../load/read-folder.server";
import { categoryCards } from "../nav/category-cards";
import type { RenderJob, RenderResult } from "../render/render-page.server";
import type { SearchSection } from "../render/search-sections.server";
import type { RenderedPageStore } from "./kept-pages.server";
import { plainTextPage } from "./plain-text-page.server";
import { RenderTimeLimitError, type PageRenderer } from "./render-worker-client.server";

/**
 * A page's article on request: from the store when it is kept there, else
 * rendered once however many ask for it at the same moment, then kept. A
 * page that ran past its time limit is shown as plain text
 * (plain-text-page.server.ts), for good: the same Markdown would overrun
 * again, holding the worker up each time the page was asked for.
 */

/** What a render found besides the article, for the background completion: search sections and links that lead nowhere. */
export type RenderFindings = { sections: SearchSection[]; brokenHrefs: string[]; description: string };

type Options = {
  renderer: PageRenderer;
  store: RenderedPageStore;
  warn: (message: string) => void;
  onRendered: (page: GuidePage, findings: RenderFindings) => void;
};

export function createPageRendering(folder: ReadFolder, { renderer, store, warn, onRendered }: Options) {
  const inFlight = new Map<GuidePage, Promise<RenderedPage>>();
  const overran = new Map<GuidePage, RenderedPage>();
  const byUrl = new Map(folder.pages.map((page) => [page.url, page]));
  const describe = (url: string) => {
    const page = byUrl.get(url);
    return (page && folder.sources.get(page)?.meta.description) ?? null;
  };

  async function renderPage(page: GuidePage, background: boolean): Promise<RenderedPage> {
    const source = folder.sources.get(page);
    if (!source) throw new Error(`${page.url} is not a page of this guide`);
    const job: RenderJob = { relativePath: page.relativePath, url: page.url, markdown: source.content, title: page.title, description: source.meta.description, home: source.meta.home };
    // Only a page that asks for them carries its folder's cards to the renderer.
    if (/<DocCardList\b/i.test(source.content)) job.categoryCards = categoryCards(folder.nav, page.url, describe);
    let result: RenderResult;
    try {
      result = await renderer.render(job, background);
    } catch (error) {
      if (error instanceof RenderTimeLimitError) return showAsWritten(page, job, error);
      throw new GuideContentError(`${page.file}: could not be rendered: ${(error as Error).message}`, page.file);
    }
    // The navigation already shows page.title; a disagreement would be a bug in readLeadingTitle.
    if (source.meta.title === null && result.leadingTitle !== source.leadingTitle) {
      warn(`${page.file}: its title was read as ${JSON.stringify(source.leadingTitle)} at start but renders as ${JSON.stringify(result.leadingTitle)}`);
    }
    onRendered(page, { sections: result.sections, brokenHrefs: result.brokenHrefs, description: result.description });
    return withContent(page, result);
  }

  function showAsWritten(page: GuidePage, job: RenderJob, error: RenderTimeLimitError): RenderedPage {
    warn(`${page.file}: ${error.message}; it is shown as plain text`);
    const result = plainTextPage(job);
    onRendered(page, { sections: result.sections, brokenHrefs: [], description: result.description });
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

  return { render };
}

function withContent(page: GuidePage, result: Pick<RenderResult, "titleId" | "description" | "subtitle" | "html" | "headings">): RenderedPage {
  return { ...page, titleId: result.titleId, description: result.description, subtitle: result.subtitle, html: result.html, headings: result.headings };
}
