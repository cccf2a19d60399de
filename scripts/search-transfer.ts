import { chromium } from "@playwright/test";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sirv from "sirv";
import { chromiumArgs, headlessExecutable } from "../tests/browser.ts";

export type SearchTransfer = { query: string; results: number; files: number; bytes: number };

/**
 * What one search costs a visitor of a static export: the export served by
 * sirv on loopback, a page opened in a fresh browser context, and from the
 * moment the query is typed until the box lists its results, every
 * response's body size as the browser received it, summed.
 */
export async function measureSearchTransfer(exportDir: string, queries: readonly string[]): Promise<SearchTransfer[]> {
  const server = http.createServer(sirv(exportDir, { dev: false }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: headlessExecutable(), args: chromiumArgs });
  try {
    const measured: SearchTransfer[] = [];
    for (const query of queries) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${origin}/guide`, { waitUntil: "networkidle" });
      const field = page.getByRole("search").getByLabel("Search", { exact: true });
      await page.waitForSelector(".site-header input[role=combobox]");
      const sizes: Promise<number>[] = [];
      page.on("requestfinished", (request) => sizes.push(request.sizes().then((size) => size.responseBodySize)));
      await field.fill(query);
      const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
      await options.first().waitFor();
      await page.waitForLoadState("networkidle");
      const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
      measured.push({ query, results: (await options.count()) - 1, files: sizes.length, bytes });
      await context.close();
    }
    return measured;
  } finally {
    await browser.close();
    server.close();
  }
}
