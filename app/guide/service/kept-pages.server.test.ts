import { describe, expect, it } from "vitest";
import type { GuidePage, PageHeading, RenderedPage } from "../guide-types";
import { createKeptPages, keptBytes } from "./kept-pages.server";

function page(slug: string): GuidePage {
  return { file: `/docs/${slug}.md`, relativePath: `${slug}.md`, slug, url: `/guide/${slug}`, title: slug, navTitle: slug, order: null, lastUpdated: null };
}
function rendered(of: GuidePage, characters: number, headings: PageHeading[] = []): RenderedPage {
  return { ...of, titleId: "", description: "", subtitle: null, html: "x".repeat(characters), headings };
}

describe("the size of a kept page", () => {
  it("counts two bytes per character of HTML, Latin-1 or not", () => {
    const [latin, greek] = [rendered(page("a"), 1000), { ...rendered(page("b"), 0), html: "λ".repeat(1000) }];
    expect(keptBytes(latin)).toBe(keptBytes(greek));
    expect(keptBytes(rendered(page("a"), 2000)) - keptBytes(latin)).toBe(2000);
  });

  it("counts the headings' ids and text, and something for an empty page", () => {
    const plain = rendered(page("a"), 100);
    const withHeadings = rendered(page("a"), 100, [{ depth: 2, id: "install", text: "Install" }]);
    expect(keptBytes(withHeadings) - keptBytes(plain)).toBeGreaterThanOrEqual(2 * "installInstall".length);
    expect(keptBytes(rendered(page("a"), 0))).toBeGreaterThan(0);
  });
});

describe("pages kept in memory", () => {
  // Each page of this many characters costs `unit` bytes: bounds below are in pages.
  const unit = keptBytes(rendered(page("a"), 100));

  it("drops the least recently read first when over the byte bound", () => {
    const store = createKeptPages(2 * unit);
    const [a, b, c] = [page("a"), page("b"), page("c")];
    store.set(a, rendered(a, 100));
    store.set(b, rendered(b, 100));
    store.get(a); // read: now the most recent
    store.set(c, rendered(c, 100));
    expect(store.get(b)).toBeUndefined();
    expect(store.get(a)?.html).toHaveLength(100);
    expect(store.get(c)?.html).toHaveLength(100);
  });

  it("keeps a page just set even alone over the bound, until the next one comes: it is being served", () => {
    const store = createKeptPages(unit);
    const [a, b] = [page("a"), page("b")];
    store.set(a, rendered(a, 10_000));
    expect(store.get(a)).toBeDefined();
    store.set(b, rendered(b, 100));
    expect(store.get(a)).toBeUndefined();
    expect(store.get(b)).toBeDefined();
  });

  it("replaces a page's size when it is set again, counting it once", () => {
    const store = createKeptPages(2 * unit);
    const [a, b] = [page("a"), page("b")];
    store.set(a, rendered(a, 100));
    store.set(a, rendered(a, 100));
    store.set(b, rendered(b, 100));
    expect(store.get(a)).toBeDefined();
    expect(store.get(b)).toBeDefined();
  });

  it("frees a page's old size when it is set again smaller", () => {
    const store = createKeptPages(3 * unit);
    const [a, b, c] = [page("a"), page("b"), page("c")];
    store.set(a, rendered(a, 10_000)); // alone over the bound
    store.set(a, rendered(a, 100)); // now one unit
    store.set(b, rendered(b, 100));
    store.set(c, rendered(c, 100));
    expect([store.get(a), store.get(b), store.get(c)].every(Boolean)).toBe(true);
  });
});
