import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test, waitForHydration, type Page } from "../fixtures";

/**
 * The live-reload promise, held by both servers that make it (`npm run dev`
 * and `themed-guide dev`): edits to the folder show in the open page within
 * a second, without a restart or a reload, and a broken file shows its
 * error over the page until it is fixed. Each run starts its own server on
 * a copy of a fixture, since the tests change the folder under it.
 */
export type LiveReloadServer = {
  port: number;
  /** The command that serves `CONTENT_DIR` (in its environment) on the port. */
  command: (contentDir: string) => { command: string; args: string[] };
  /** How the server shows the folder's error over the page. */
  errorShown: (page: Page) => ReturnType<Page["locator"]>;
  /** The built server keeps rendered pages in its cache folder (from source there is no renderer version to key them by). */
  rendersOnlyWhatChanged?: boolean;
};

const FIXTURE = path.resolve("app/guide/service/__fixtures__/mkdocs");
/** The promise is "within a second"; the test allows some slack for a busy two-core machine, and reports the time. */
const SHOWS_WITHIN_MS = 2_500;

export function liveReloadTests(server: LiveReloadServer) {
  const origin = `http://127.0.0.1:${server.port}`;
  let stop: () => void = () => {};
  let log = "";
  let projectDir: string;
  let contentDir: string;

  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // A project with the folder as its docs/, so a test can write an mkdocs.yml beside it.
    projectDir = await fs.mkdtemp(path.join(os.tmpdir(), "live-reload-"));
    contentDir = path.join(projectDir, "docs");
    await fs.cp(FIXTURE, contentDir, { recursive: true });
    const { command, args } = server.command(contentDir);
    const child = spawn(command, args, {
      env: { ...process.env, CONTENT_DIR: contentDir },
      // Its own process group, so that it and the processes it starts stop together.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => (log += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (log += chunk));
    stop = () => child.pid && process.kill(-child.pid, "SIGTERM");
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server did not start:\n${log}`);
  });

  test.afterAll(async () => {
    stop();
    await fs.rm(projectDir, { recursive: true, force: true });
  });

  const write = (file: string, text: string) => fs.writeFile(path.join(contentDir, file), text);

  /** Opens a page and marks the document, so a test can tell that it was never reloaded. */
  async function open(page: Page, url: string) {
    await page.goto(`${origin}${url}`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  }

  const stillTheSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
  const navLink = (page: Page, name: string) => page.getByRole("link", { name, exact: true });

  test("an edit to the open page shows within a second, without a reload", async ({ page }) => {
    await open(page, "/guide/install");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Installing");

    const started = Date.now();
    await write("install.md", "---\ntitle: Installing, edited\nnav_order: 1\n---\n\nA sentence written while the page was open.\n");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Installing, edited", { timeout: SHOWS_WITHIN_MS });
    await expect(page.getByText("A sentence written while the page was open.")).toBeVisible();
    const elapsed = `${Date.now() - started} ms`;
    test.info().annotations.push({ type: "shown after", description: elapsed });
    console.log(`the edit showed after ${elapsed}`);
    expect(await stillTheSameDocument(page)).toBe(true);
  });

  if (server.rendersOnlyWhatChanged) {
    test("an edit renders again only the page it changed; the others are taken as the last load found them", async ({ page }) => {
      await open(page, "/guide/install");
      const reloads = () => log.match(/Guide reloaded: .*/g) ?? [];
      const before = reloads().length;
      await write("install.md", "---\ntitle: Installing, edited again\nnav_order: 1\n---\n\nOne page of five changed.\n");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Installing, edited again", { timeout: SHOWS_WITHIN_MS });
      await expect.poll(() => reloads().length).toBe(before + 1);
      expect(reloads().at(-1)).toMatch(/^Guide reloaded: (\d+) pages? in \d+ ms \(1 rendered, 0 from the page cache, \d+ unchanged\)$/);
      const [, pages, unchanged] = /(\d+) pages? .*, (\d+) unchanged/.exec(reloads().at(-1)!)!;
      expect(Number(unchanged)).toBe(Number(pages) - 1);
    });

    test("a page added or removed renders again only itself and the pages that link to it; the others are taken unchanged", async ({ page }) => {
      const figures = () =>
        [...log.matchAll(/Guide reloaded: (\d+) pages? in \d+ ms \((\d+) rendered, \d+ from the page cache, (\d+) unchanged\)/g)].map(([, pages, rendered, unchanged]) => ({
          pages: Number(pages),
          rendered: Number(rendered),
          unchanged: Number(unchanged),
        }));
      // The count at start or at the last reload, whichever said it last.
      const pagesBefore = Number([...log.matchAll(/(\d+) pages? (?:in|ready)/g)].at(-1)![1]);
      /** What the reloads a change made rendered, up to the one that has the folder's new count of pages (a write reported twice loads twice; the second renders nothing). */
      async function reloadsAfter(change: () => Promise<void>, pages: number) {
        const before = figures().length;
        await change();
        await expect.poll(() => figures().slice(before).some((reload) => reload.pages === pages)).toBe(true);
        const made = figures().slice(before);
        const last = made.findIndex((reload) => reload.pages === pages);
        return { rendered: made.slice(0, last + 1).reduce((sum, reload) => sum + reload.rendered, 0), unchanged: made[last]!.unchanged };
      }
      const waiting = page.getByRole("link", { name: "the page to come" });

      const linked = await reloadsAfter(() => write("waiting.md", "# Waiting\n\nSee [the page to come](coming.md).\n"), pagesBefore + 1);
      expect(linked).toEqual({ rendered: 1, unchanged: pagesBefore });
      await open(page, "/guide/waiting");
      await expect(waiting).toHaveAttribute("href", "coming.md");

      // The new page, and the one page whose link now leads to it.
      const added = await reloadsAfter(() => write("coming.md", "# Come at last\n\nWritten after the page that links here.\n"), pagesBefore + 2);
      expect(added).toEqual({ rendered: 2, unchanged: pagesBefore });
      await expect(waiting).toHaveAttribute("href", "/guide/coming", { timeout: SHOWS_WITHIN_MS });

      const removed = await reloadsAfter(() => fs.rm(path.join(contentDir, "coming.md")), pagesBefore + 1);
      expect(removed).toEqual({ rendered: 1, unchanged: pagesBefore });
      await expect(waiting).toHaveAttribute("href", "coming.md", { timeout: SHOWS_WITHIN_MS });
      expect(await stillTheSameDocument(page)).toBe(true);
      // Away from the page first: it would answer 404 once its file is gone.
      await open(page, "/guide/install");
      await reloadsAfter(() => fs.rm(path.join(contentDir, "waiting.md")), pagesBefore);
    });
  }

  test("an editor's atomic saves (a new file renamed over the page) show, each of them, not only the first", async ({ page }) => {
    await open(page, "/guide/install");
    const file = path.join(contentDir, "install.md");
    for (const save of [1, 2, 3]) {
      const written = path.join(contentDir, `.install.md.swp-${save}`);
      await fs.writeFile(written, `---\ntitle: Installing, save ${save}\nnav_order: 1\n---\n\nSaved as editors save.\n`);
      await fs.rename(written, file);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Installing, save ${save}`, { timeout: SHOWS_WITHIN_MS });
    }
    expect(await stillTheSameDocument(page)).toBe(true);
  });

  test("a page added, renamed and removed comes and goes in the navigation", async ({ page }) => {
    await open(page, "/guide");
    await write("brand-new.md", "# A brand new page\n\nJust written.\n");
    await expect(navLink(page, "A brand new page").first()).toHaveAttribute("href", "/guide/brand-new", { timeout: SHOWS_WITHIN_MS });

    await fs.rename(path.join(contentDir, "brand-new.md"), path.join(contentDir, "renamed.md"));
    await expect(navLink(page, "A brand new page").first()).toHaveAttribute("href", "/guide/renamed", { timeout: SHOWS_WITHIN_MS });
    await navLink(page, "A brand new page").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A brand new page");
    expect(await stillTheSameDocument(page)).toBe(true);

    // Away from the page first: the page itself would answer 404 once its file is gone.
    await page.goBack();
    await expect(page).toHaveURL(`${origin}/guide`);
    await fs.rm(path.join(contentDir, "renamed.md"));
    await expect(navLink(page, "A brand new page")).toHaveCount(0, { timeout: SHOWS_WITHIN_MS });
  });

  test("an mkdocs.yml written beside the folder renames the site and relabels the navigation, and removing it undoes that", async ({ page }) => {
    await open(page, "/guide/install");
    const siteName = page.locator(".site-name");
    const before = await siteName.textContent();
    const projectFile = path.join(projectDir, "mkdocs.yml");

    await fs.writeFile(projectFile, "site_name: Written while open\nnav:\n  - Start here: install.md\n");
    await expect(siteName).toHaveText("Written while open", { timeout: SHOWS_WITHIN_MS });
    const nav = page.getByRole("navigation", { name: "Guide" });
    await expect(nav.getByRole("link", { name: "Start here", exact: true })).toHaveAttribute("href", "/guide/install");

    await fs.rm(projectFile);
    await expect(siteName).toHaveText(before!, { timeout: SHOWS_WITHIN_MS });
    await expect(nav.getByRole("link", { name: "Start here", exact: true })).toHaveCount(0);
    expect(await stillTheSameDocument(page)).toBe(true);
  });

  test("a broken file shows its error over the page, the server goes on, and fixing it clears the error without a reload", async ({ page }) => {
    await open(page, "/guide/install");
    const original = await fs.readFile(path.join(contentDir, "install.md"), "utf8");

    await write("install.md", "---\ntitle: [never closed\n---\n\nBroken.\n");
    const error = server.errorShown(page);
    await expect(error).toBeAttached({ timeout: SHOWS_WITHIN_MS });
    await expect(error).toContainText("install.md:2:");
    await expect(error).toContainText("front matter is not valid YAML");

    // The server still answers, with the last guide that loaded.
    const response = await fetch(`${origin}/guide/install`);
    expect(response.status).toBe(200);

    await write("install.md", original.replace(/title: .*/, "title: Installing, fixed"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Installing, fixed", { timeout: SHOWS_WITHIN_MS });
    await expect(error).toHaveCount(0);
    expect(await stillTheSameDocument(page)).toBe(true);
  });

  // Last: the folder is made again from the fixture, so what the tests before changed is gone.
  test("the folder removed and made again (a branch checked out without it, then back) is followed: its pages show without a restart", async ({ page }) => {
    await open(page, "/guide");
    await fs.rm(contentDir, { recursive: true });
    await expect.poll(() => log, { timeout: 10_000 }).toContain(`Content folder not found: ${contentDir}`);
    // Gone for a moment, as while a checkout runs: a watch of the old folder has ended by then.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await fs.cp(FIXTURE, contentDir, { recursive: true });
    await write("back-again.md", "# Back again\n\nWritten with the folder made again.\n");
    await expect(navLink(page, "Back again").first()).toHaveAttribute("href", "/guide/back-again", { timeout: 10_000 });
    expect(await stillTheSameDocument(page)).toBe(true);
    // Its files' removal and its name's reach the watch apart; the folder's absence is said once.
    expect(log.split(`Content folder not found: ${contentDir}`)).toHaveLength(2);
  });
}
