import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The guide as the app gets it: nothing is read when the module is
 * imported, the folder is loaded on first use (or when the server starts
 * it), once, and a folder that fails can be tried again.
 */

let folder: string;
beforeEach(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "guide-service-"));
  vi.resetModules();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await fs.rm(folder, { recursive: true, force: true });
});

/** A fresh copy of the service, reading its settings from this environment. */
async function importService(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const service = await import("./guide-service.server");
  // The error class of the same fresh module graph.
  const { GuideContentError } = await import("../guide-content-error");
  return { ...service, GuideContentError };
}

describe("the guide service", () => {
  it("reads nothing when imported, so importing it with a folder that does not exist does not fail", async () => {
    const service = await importService({ CONTENT_DIR: path.join(folder, "not-yet") });
    await expect(service.getGuide()).rejects.toBeInstanceOf(service.GuideContentError);
  });

  it("loads the folder on first use, once, however many ask at the same moment", async () => {
    await fs.writeFile(path.join(folder, "index.md"), "# Handbook\n\nWelcome.\n");
    const service = await importService({ CONTENT_DIR: folder });
    const [first, second] = await Promise.all([service.getGuide(), service.getGuide()]);
    expect(first).toBe(second);
    expect(first.landing?.title).toBe("Handbook");
    expect(await service.startGuide()).toBe(first);
  });

  it("tries again after a failed load, so a folder fixed meanwhile loads", async () => {
    const missing = path.join(folder, "docs");
    const service = await importService({ CONTENT_DIR: missing });
    await expect(service.getGuide()).rejects.toThrow(/Content folder not found/);
    await fs.mkdir(missing);
    await fs.writeFile(path.join(missing, "page.md"), "# Page\n");
    expect((await service.getGuide()).pages.map((page) => page.slug)).toEqual(["page"]);
  });

  it("names an own folder's site by its landing page, unless SITE_NAME says otherwise", async () => {
    await fs.writeFile(path.join(folder, "index.md"), "# Handbook\n");
    const service = await importService({ CONTENT_DIR: folder });
    expect(await service.getSiteConfig()).toEqual({ name: "Handbook", editUrlBase: null, ownFolder: true, staticSite: false, basePath: "", liveReload: false });

    vi.resetModules();
    const named = await importService({ CONTENT_DIR: folder, SITE_NAME: "Our docs", EDIT_URL_BASE: "https://example.com/edit" });
    expect(await named.getSiteConfig()).toEqual({ name: "Our docs", editUrlBase: "https://example.com/edit/", ownFolder: true, staticSite: false, basePath: "", liveReload: false });
  });

  it("says the site is static only when the guide was started for an export", async () => {
    await fs.writeFile(path.join(folder, "index.md"), "# Handbook\n");
    const service = await importService({ CONTENT_DIR: folder });
    await service.startGuide({ staticSite: true });
    expect((await service.getSiteConfig()).staticSite).toBe(true);
  });

  it("serves under the base path an export is started with, and links its pages there", async () => {
    await fs.writeFile(path.join(folder, "index.md"), "# Handbook\n\nSee [the page](./page.md).\n");
    await fs.writeFile(path.join(folder, "page.md"), "# Page\n");
    const service = await importService({ CONTENT_DIR: folder });
    await service.startGuide({ staticSite: true, basePath: "/handbook" });
    expect((await service.getSiteConfig()).basePath).toBe("/handbook");
    expect(service.siteBasePath()).toBe("/handbook");
    const guide = await service.getGuide();
    const landing = guide.pages.find((page) => page.url === "/guide")!;
    expect((await guide.render(landing)).html).toContain('href="/handbook/guide/page"');
  });

  it("puts a reloaded folder in force only when every page renders, and keeps the last good one otherwise", async () => {
    await fs.writeFile(path.join(folder, "page.md"), "# Page\n");
    const service = await importService({ CONTENT_DIR: folder });
    const first = await service.getGuide();

    await fs.writeFile(path.join(folder, "broken.md"), "---\ntitle: [unclosed\n---\n");
    await expect(service.reloadGuide()).rejects.toBeInstanceOf(service.GuideContentError);
    expect(await service.getGuide()).toBe(first);

    await fs.writeFile(path.join(folder, "broken.md"), "# Fixed\n");
    const { guide: reloaded } = await service.reloadGuide();
    expect(await service.getGuide()).toBe(reloaded);
    expect(reloaded.pages.map((page) => page.slug)).toEqual(["broken", "page"]);
  });

  it("says a folder's warnings once while they stand: a reload prints only the new ones and counts the rest", async () => {
    await fs.writeFile(path.join(folder, "index.md"), "# Home\n\n[Gone](./gone.md)\n");
    await fs.writeFile(path.join(folder, "latin1.md"), Buffer.from("# Caf\xe9\n", "latin1"));
    const said = vi.spyOn(console, "warn").mockImplementation(() => {});
    const service = await importService({ CONTENT_DIR: folder });
    await (await service.getGuide()).complete();
    const atStart = said.mock.calls.map(([message]) => String(message));
    expect(atStart).toEqual([expect.stringContaining("latin1.md:1: not UTF-8 text"), expect.stringContaining("index.md → ./gone.md")]);

    said.mockClear();
    await fs.writeFile(path.join(folder, "new.md"), "# New\n\n[Lost](./lost.md)\n");
    const { warningsAsBefore } = await service.reloadGuide();
    // The broken links' line names both pages now: it is new. The page that is not UTF-8 stands, unsaid.
    expect(said.mock.calls.map(([message]) => String(message))).toEqual([expect.stringMatching(/index\.md → \.\/gone\.md.*new\.md → \.\/lost\.md/)]);
    expect(warningsAsBefore).toBe(1);

    said.mockClear();
    await fs.writeFile(path.join(folder, "latin1.md"), "# Café\n");
    expect((await service.reloadGuide()).warningsAsBefore).toBe(1);
    expect(said).not.toHaveBeenCalled();

    await fs.writeFile(path.join(folder, "latin1.md"), Buffer.from("# Caf\xe9\n", "latin1"));
    await service.reloadGuide();
    expect(said.mock.calls.map(([message]) => String(message))).toEqual([expect.stringContaining("latin1.md:1: not UTF-8 text")]);
    said.mockRestore();
  });
});
