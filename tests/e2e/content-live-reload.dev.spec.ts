import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test, waitForHydration, type Page } from "./fixtures";

/**
 * `npm run dev` with CONTENT_DIR set: edits to the folder show in the open
 * page without a restart or a reload, and a broken file shows its error in
 * Vite's overlay until it is fixed. These tests run their own development
 * server on a copy of a fixture, since they change the folder under it.
 */

const PORT = 3300;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FIXTURE = path.resolve("app/guide/service/__fixtures__/mkdocs");
/** The promise is "within a second"; the test allows some slack for a busy two-core machine, and reports the time. */
const SHOWS_WITHIN_MS = 2_500;

test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;
let projectDir: string;
let contentDir: string;
let serverLog = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // A project with the folder as its docs/, so a test can write an mkdocs.yml beside it.
  projectDir = await fs.mkdtemp(path.join(os.tmpdir(), "live-reload-"));
  contentDir = path.join(projectDir, "docs");
  await fs.cp(FIXTURE, contentDir, { recursive: true });
  server = spawn("npx", ["react-router", "dev", "--host", "127.0.0.1", "--port", String(PORT), "--strictPort"], {
    env: { ...process.env, CONTENT_DIR: contentDir },
    // Its own process group, so that it and the processes it starts stop together.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (serverLog += chunk));
  server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk));
  await waitForServer();
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  await fs.rm(projectDir, { recursive: true, force: true });
});

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${ORIGIN}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (server?.exitCode !== null) throw new Error(`the development server stopped:\n${serverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the development server did not start:\n${serverLog}`);
}

const write = (file: string, text: string) => fs.writeFile(path.join(contentDir, file), text);

/** Opens a page and marks the document, so a test can tell that it was never reloaded. */
async function open(page: Page, url: string) {
  await page.goto(`${ORIGIN}${url}`);
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
  await expect(page).toHaveURL(`${ORIGIN}/guide`);
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

test("a broken file shows its error over the page, the server goes on, and fixing it clears the error without a reload", async ({ page, allowConsole }) => {
  // Vite's overlay styles itself inline, which the site's style-src refuses
  // unless the page carries a <meta property="csp-nonce"> that the policy
  // allows: the overlay then shows unstyled, its text all there.
  allowConsole(/^error: Applying inline style violates .*style-src/);
  await open(page, "/guide/install");
  const original = await fs.readFile(path.join(contentDir, "install.md"), "utf8");

  await write("install.md", "---\ntitle: [never closed\n---\n\nBroken.\n");
  const overlay = page.locator("vite-error-overlay");
  await expect(overlay).toBeAttached({ timeout: SHOWS_WITHIN_MS });
  await expect(overlay.locator(".message")).toContainText("install.md:2:");
  await expect(overlay.locator(".message")).toContainText("front matter is not valid YAML");

  // The server still answers, with the last guide that loaded.
  const response = await fetch(`${ORIGIN}/guide/install`);
  expect(response.status).toBe(200);

  await write("install.md", original.replace(/title: .*/, "title: Installing, fixed"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Installing, fixed", { timeout: SHOWS_WITHIN_MS });
  await expect(overlay).toHaveCount(0);
  expect(await stillTheSameDocument(page)).toBe(true);
});
