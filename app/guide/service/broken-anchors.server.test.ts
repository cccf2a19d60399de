import { describe, expect, it } from "vitest";
import type { GuidePage, RenderedPage } from "../guide-types";
import { findBrokenAnchors } from "./broken-anchors.server";

function pageAt(slug: string): GuidePage {
  return { file: `/docs/${slug}.md`, relativePath: `${slug}.md`, slug, url: `/guide/${slug}`, title: slug, navTitle: slug, order: null, lastUpdated: null };
}

/** Each page links to the next one's missing #gone, and has an id of its own. */
function renderedAt(page: GuidePage, next: GuidePage): RenderedPage {
  return { ...page, titleId: page.slug, description: "", subtitle: null, headings: [], html: `<h2 id="here">Here</h2><p><a href="${next.url}#gone">next</a></p>` };
}

describe("findBrokenAnchors", () => {
  it("renders at most `parallel` pages at a time and reports in the pages' order, whichever finishes first", async () => {
    const pages = ["a", "b", "c", "d", "e", "f"].map(pageAt);
    let inFlight = 0;
    let most = 0;
    const render = async (page: GuidePage) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Later pages finish sooner.
      await new Promise((resolve) => setTimeout(resolve, (pages.length - pages.indexOf(page)) * 5));
      inFlight--;
      return renderedAt(page, pages[(pages.indexOf(page) + 1) % pages.length]!);
    };

    const broken = await findBrokenAnchors(pages, render, { parallel: 3 });

    expect(most).toBe(3);
    expect(broken.map((anchor) => `${anchor.from} → ${anchor.href}`)).toEqual(pages.map((page, index) => `${page.relativePath} → ${pages[(index + 1) % pages.length]!.url}#gone`));
  });

  it("leaves out the links of a page that cannot be rendered, and the anchors into it", async () => {
    const [a, b] = [pageAt("a"), pageAt("b")];
    const render = async (page: GuidePage) => (page === b ? Promise.reject(new Error("cannot")) : renderedAt(page, b));
    expect(await findBrokenAnchors([a, b], render, { parallel: 2 })).toEqual([]);
  });
});
