import { GuideContentError } from "../guide-content-error";
import type { GuidePage } from "../guide-types";
import type { ReadFolder } from "../load/read-folder.server";
import type { PageSource } from "../load/read-page-sources.server";
import { categoryCards } from "../nav/category-cards";
import type { RenderJob } from "../render/render-page.server";
import type { createKnownPages } from "./known-pages.server";
import { pageKey } from "./page-cache/page-keys.server";

/**
 * What the renderer is asked for each page (page-rendering.server.ts): its
 * Markdown as read now, with what the page's render depends on besides,
 * and the key the result is kept under (page-cache/page-keys.server.ts).
 * `keys` holds each page's key as last read, which the cache folder keeps.
 */
export function createPageJobs(folder: ReadFolder, rendererVersion: string, noted: ReturnType<typeof createKnownPages> | null) {
  const keys = new Map<GuidePage, string>();
  const byUrl = new Map(folder.pages.map((page) => [page.url, page]));
  const describe = (url: string) => {
    const page = byUrl.get(url);
    return (page && folder.sources.get(page)?.meta.description) ?? null;
  };

  /** The job but its Markdown: what known-pages.server.ts compares, as JSON, with what the last load made. */
  function jobWithoutMarkdown(page: GuidePage, source: PageSource, withCards: boolean): Omit<RenderJob, "markdown"> {
    const { relativePath, url, title } = page;
    const job = { relativePath, url, title, description: source.meta.description, home: source.meta.home };
    return withCards ? { ...job, categoryCards: categoryCards(folder.nav, url, describe) } : job;
  }

  /** What the renderer is asked for the page, and the key it is kept under. */
  async function jobOf(page: GuidePage): Promise<{ job: RenderJob; key: string }> {
    const source = folder.sources.get(page);
    if (!source) throw new Error(`${page.url} is not a page of this guide`);
    const markdown = await folder.readMarkdown(page).catch((error: unknown) => {
      throw error instanceof GuideContentError ? error : new GuideContentError(`${page.file}: could not be read: ${(error as Error).message}`, page.file);
    });
    // Only a page that asks for them carries its folder's cards to the renderer.
    const job: RenderJob = { ...jobWithoutMarkdown(page, source, /<DocCardList\b/i.test(markdown)), markdown };
    const key = pageKey(rendererVersion, job);
    keys.set(page, key);
    noted?.job(source, job, key);
    return { job, key };
  }

  return { jobOf, jobWithoutMarkdown, keys };
}
