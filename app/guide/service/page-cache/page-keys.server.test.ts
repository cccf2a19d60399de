import { describe, expect, it } from "vitest";
import type { UrlTargets } from "../../render/resolve-url.server";
import { siteFingerprint } from "./page-keys.server";

function targets(pageCount: number, change: Partial<UrlTargets> = {}): UrlTargets {
  const pages = new Map(Array.from({ length: pageCount }, (_, index) => [`part-${index % 50}/page-${index}.md`, `/guide/part-${index % 50}/page-${index}`] as const));
  return {
    pages,
    folders: new Map([["", "/guide"]]),
    pageUrls: new Set(pages.values()),
    files: new Map([["img/a.png", { version: "1a2b" }]]),
    sitePaths: new Set(["/appearance"]),
    repositoryPaths: ["docs"],
    ...change,
  };
}

describe("the site's fingerprint, under which every rendered page is kept", () => {
  it("is the same for the same targets and renderer, however many pages", () => {
    expect(siteFingerprint("v1", targets(3))).toBe(siteFingerprint("v1", targets(3)));
    expect(siteFingerprint("v1", targets(20_000))).toBe(siteFingerprint("v1", targets(20_000)));
    expect(siteFingerprint("v1", targets(20_000))).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes with the renderer, the base path, and any one target of a large folder", () => {
    const base = siteFingerprint("v1", targets(20_000));
    const lastPageMoved = targets(20_000);
    const pages = new Map(lastPageMoved.pages);
    pages.set("part-49/page-19999.md", "/guide/moved");
    const variants = [
      siteFingerprint("v2", targets(20_000)),
      siteFingerprint("v1", targets(20_000, { basePath: "/docs" })),
      siteFingerprint("v1", targets(19_999)),
      siteFingerprint("v1", { ...lastPageMoved, pages }),
      siteFingerprint("v1", targets(20_000, { files: new Map([["img/a.png", { version: "1a2c" }]]) })),
      siteFingerprint("v1", targets(20_000, { folders: new Map([["", "/guide/start"]]) })),
      siteFingerprint("v1", targets(20_000, { sitePaths: new Set(["/appearance", "/about"]) })),
      siteFingerprint("v1", targets(20_000, { repositoryPaths: ["website/docs"] })),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it("tells apart targets whose names hold the characters that separate them", () => {
    // Written as plain "f <file> <version>" and "s <path>" lines, each pair would read the same.
    const one = targets(0, { files: new Map([["a b", { version: "c" }]]) });
    const other = targets(0, { files: new Map([["a", { version: "b c" }]]) });
    expect(siteFingerprint("v1", one)).not.toBe(siteFingerprint("v1", other));
    const split = targets(0, { sitePaths: new Set(["/a\ns /b"]) });
    const two = targets(0, { sitePaths: new Set(["/a", "/b"]) });
    expect(siteFingerprint("v1", split)).not.toBe(siteFingerprint("v1", two));
  });
});
