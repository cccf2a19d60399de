import { toHtml } from "hast-util-to-html";
import { h } from "hastscript";
import type { RenderJob, RenderResult } from "../render/render-page.server";
import { searchSections } from "../render/search-sections.server";

/**
 * A page whose Markdown could not be rendered within its time limit, or
 * that the renderer threw on (page-rendering.server.ts), as the reader gets
 * it instead: a note, then
 * the file's text as written, escaped. The reader still has the content,
 * search still finds it, and the request gets its page rather than an
 * error for what is only the file's shape.
 */
export function plainTextPage(job: RenderJob, why: "overran" | "failed"): RenderResult {
  const html = toHtml([
    h("div", { className: ["callout", "callout-warning"], role: "note" }, [
      h("p", { className: ["callout-title"] }, "Shown as plain text"),
      h("p", `This page could not be formatted${why === "overran" ? " in time" : ""}, so its text is shown as it is written.`),
    ]),
    h("pre", { className: ["page-source"] }, job.markdown),
  ]);
  const description = job.description ?? "";
  return {
    leadingTitle: null,
    titleId: "",
    description,
    subtitle: null,
    html,
    headings: [],
    brokenHrefs: [],
    links: [],
    sections: searchSections({ url: job.url, title: job.title, description, html }),
  };
}
