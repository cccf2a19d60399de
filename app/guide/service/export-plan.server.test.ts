import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { LIST_PART_PAGES } from "../nav/page-list-parts";

let folder: string;
beforeEach(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "export-plan-"));
  vi.resetModules();
});
afterEach(async () => {
  // The guide's background rendering finishes before its folder goes.
  await (await (await import("./guide-service.server")).getGuide()).complete();
  vi.unstubAllEnvs();
  await fs.rm(folder, { recursive: true, force: true });
});

it("asks for the guide's index last: it lists every page's description, so it is made only once every page is rendered", async () => {
  await fs.mkdir(path.join(folder, "tides"));
  await fs.writeFile(path.join(folder, "tides", "reading.md"), "# Reading a tide table\n\nHigh water first.\n");
  await fs.writeFile(path.join(folder, "moorings.md"), "# Moorings\n\nChains and buoys.\n");
  vi.stubEnv("CONTENT_DIR", folder);
  const { exportPlan } = await import("./export-plan.server");
  const { pages } = await exportPlan();
  expect(pages.at(-1)).toBe("/guide");
  expect(pages.filter((url) => url === "/guide")).toHaveLength(1);
  expect(pages.slice(0, -1)).toEqual(expect.arrayContaining(["/", "/appearance", "/search", "/guide/moorings", "/guide/tides/reading"]));
});

it("asks for a large folder's later parts of its list of every page after the list's first, and for none where the folder has a landing page", async () => {
  const pageCount = 2 * LIST_PART_PAGES + 1;
  await Promise.all(Array.from({ length: pageCount }, (_, n) => fs.writeFile(path.join(folder, `log-${String(n).padStart(5, "0")}.md`), `# Log ${n}\n`)));
  vi.stubEnv("CONTENT_DIR", folder);
  const { exportPlan } = await import("./export-plan.server");
  const { pages } = await exportPlan();
  expect(pages.slice(-3)).toEqual(["/guide", "/guide-pages/2", "/guide-pages/3"]);
  // One sitemap holds them all.
  expect((await exportPlan()).sitemaps).toEqual(["/sitemap.xml"]);
  // The pages, the site's own (/, /appearance, /search), the list's three parts.
  expect(pages).toHaveLength(pageCount + 3 + 3);

  await (await (await import("./guide-service.server")).getGuide()).complete();
  await fs.writeFile(path.join(folder, "index.md"), "# The logbook\n");
  vi.resetModules();
  const again = await (await import("./export-plan.server")).exportPlan();
  expect(again.pages.filter((url) => url.startsWith("/guide-pages/"))).toEqual([]);
});

it("asks for every sitemap of a folder of more addresses than one holds: /sitemap.xml, the index, and the sitemaps it lists", async () => {
  // A guide of 100,001 pages, standing in for one read from a folder of them.
  vi.doMock("./guide-service.server", () => ({
    SITE_PATHS: ["/", "/appearance"],
    getSiteConfig: async () => ({ ownFolder: true }),
    getGuide: async () => ({
      landing: null,
      files: new Map(),
      pages: Array.from({ length: 100_001 }, (_, n) => ({ url: `/guide/p${n}`, slug: `p${n}`, relativePath: `p${n}.md`, lastUpdated: null })),
      complete: async () => {},
    }),
  }));
  const { exportPlan } = await import("./export-plan.server");
  expect((await exportPlan()).sitemaps).toEqual(["/sitemap.xml", "/sitemaps/1.xml", "/sitemaps/2.xml", "/sitemaps/3.xml"]);
  vi.doUnmock("./guide-service.server");
});
