import type { PageHeading } from "../guide-types";
import { renderMarkdown } from "./markdown/render-markdown.server";
import type { HomeSections } from "../guide-types";
import type { CategoryCard } from "./markdown/cards";
import { shortenDescription } from "./page-description";
import { resolveUrl, type AskedLink, type UrlLookups } from "./resolve-url.server";
import { searchSectionsOfTree, type SearchSection } from "./search-sections.server";

/**
 * One page of the guide, rendered: what the guide (service/page-rendering.server.ts) asks of the
 * renderer, in the server's own thread or in the render worker
 * (render-worker.server.ts). Jobs and results are plain data, so they cross
 * to and from a worker as they are.
 */

export type RenderJob = {
  relativePath: string;
  url: string;
  /** The Markdown after its front matter. */
  markdown: string;
  /** The title the navigation shows: the <h1> is given it, whatever the document's leading heading says. */
  title: string;
  /** From front matter; else the first paragraph is the description, else a home page's tagline. */
  description: string | null;
  /** A home page's hero and features, from its front matter. */
  home: HomeSections | null;
  /** For a page with a <DocCardList />: the other pages of its folder (nav/category-cards.ts). */
  categoryCards?: CategoryCard[];
};

export type RenderResult = {
  /** The document's own leading title as the whole render found it, to check against the one read at start. */
  leadingTitle: string | null;
  titleId: string;
  description: string;
  subtitle: string | null;
  html: string;
  headings: PageHeading[];
  /** Links and images into the folder that lead nowhere, as written. */
  brokenHrefs: string[];
  /** The page's sections for the search index. */
  sections: SearchSection[];
  /** Each distinct link and image it resolved, and how: what the render depends on besides the job. */
  links: AskedLink[];
};

export async function renderPage(job: RenderJob, targets: UrlLookups): Promise<RenderResult> {
  const brokenHrefs: string[] = [];
  const links = new Map<string, AskedLink>();
  const ask = (asked: AskedLink) => links.set(`${asked.kind} ${asked.href}`, asked);
  let leadingTitle: string | null = null;
  const rendered = await renderMarkdown(job.markdown, {
    relativePath: job.relativePath,
    home: job.home,
    categoryCards: job.categoryCards,
    title(leading) {
      leadingTitle = leading;
      return job.title;
    },
    resolveUrl: (url, kind) => resolveUrl(targets, job.relativePath, url, kind, (missing) => brokenHrefs.push(missing), ask),
  });
  const firstText = rendered.firstParagraph ?? job.home?.tagline ?? job.home?.text;
  const description = job.description ?? (firstText ? shortenDescription(firstText) : "");
  return {
    leadingTitle,
    titleId: rendered.titleId ?? "",
    description,
    subtitle: job.home?.text || null,
    html: rendered.html,
    headings: rendered.headings,
    brokenHrefs,
    sections: searchSectionsOfTree({ url: job.url, title: job.title, description }, rendered.tree),
    links: [...links.values()],
  };
}
