import { describe, expect, it } from "vitest";
import type { GuidePage, RenderedPage } from "../guide-types";
import { createKeptPages } from "./kept-pages.server";

function page(slug: string): GuidePage {
  return { file: `/docs/${slug}.md`, relativePath: `${slug}.md`, slug, url: `/guide/${slug}`, title: slug, navTitle: slug, order: null, lastUpdated: null };
}
function rendered(of: GuidePage, characters: number): RenderedPage {
  return { ...of, titleId: of.slug, description: "", subtitle: null, html: "x".repeat(characters), headings: [] };
}

describe("pages kept in memory", () => {
  it("keeps pages up to the bound in characters of HTML, dropping the least recently read first", () => {
    const store = createKeptPages(30);
    const [a, b, c] = [page("a"), page("b"), page("c")];
    store.set(a, rendered(a, 10));
    store.set(b, rendered(b, 10));
    store.get(a); // read: now the most recent
    store.set(c, rendered(c, 15));
    expect(store.get(b)).toBeUndefined();
    expect(store.get(a)?.html).toHaveLength(10);
    expect(store.get(c)?.html).toHaveLength(15);
  });

  it("keeps a page larger than the whole bound until the next one comes: it is being served", () => {
    const store = createKeptPages(5);
    const [a, b] = [page("a"), page("b")];
    store.set(a, rendered(a, 50));
    expect(store.get(a)).toBeDefined();
    store.set(b, rendered(b, 1));
    expect(store.get(a)).toBeUndefined();
    expect(store.get(b)).toBeDefined();
  });

  it("counts a page kept again once, not twice", () => {
    const store = createKeptPages(20);
    const [a, b] = [page("a"), page("b")];
    store.set(a, rendered(a, 10));
    store.set(a, rendered(a, 10));
    store.set(b, rendered(b, 10));
    expect(store.get(a)).toBeDefined();
    expect(store.get(b)).toBeDefined();
  });
});
