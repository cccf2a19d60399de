import { chromium } from "@playwright/test";
import compression from "compression";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sirv from "sirv";
import { chromiumArgs, headlessExecutable } from "../tests/browser.ts";

export type SearchTransfer = { query: string; results: number; files: { path: string; bytes: number }[]; bytes: number };

/**
 * What one search costs a visitor of a static export: the export served on
 * loopback as file hosts and CDNs serve it (sirv, with gzip for what is not
 * compressed already: GitHub Pages, Netlify and S3 behind CloudFront do the
 * same), a page opened in a fresh browser context, and from the moment the
 * query is typed until the box lists its results, every response's body as
 * the browser received it, summed, and file by file.
 */
export async function measureSearchTransfer(exportDir: string, queries: readonly string[]): Promise<SearchTransfer[]> {
  const gzip = compression();
  const files = sirv(exportDir, { dev: false });
  const server = http.createServer((request, response) => gzip(request as never, response as never, () => files(request, response)));
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
      const fetched: Promise<{ path: string; bytes: number }>[] = [];
      page.on("requestfinished", (request) =>
        fetched.push(request.sizes().then((size) => ({ path: new URL(request.url()).pathname, bytes: size.responseBodySize }))),
      );
      await field.fill(query);
      const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
      await options.first().waitFor();
      await page.waitForLoadState("networkidle");
      const files = (await Promise.all(fetched)).sort((a, b) => b.bytes - a.bytes);
      const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
      measured.push({ query, results: (await options.count()) - 1, files, bytes });
      await context.close();
    }
    return measured;
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * What a search's bytes went to, by the kind of file Pagefind writes: the
 * index's chunks (one for each word in each part of the index), the pages'
 * fragments (one for each result shown), each part's metadata, and the
 * engine itself (its script and WebAssembly); anything else is the page's own.
 */
export function transferByKind(files: SearchTransfer["files"]): string {
  const kinds = new Map<string, { files: number; bytes: number }>();
  for (const file of files) {
    const kind = file.path.endsWith(".pf_index")
      ? "index chunks"
      : file.path.endsWith(".pf_fragment")
        ? "fragments"
        : file.path.endsWith(".pf_meta") || file.path.endsWith("pagefind-entry.json") || file.path.endsWith("parts.json")
          ? "metadata"
          : /\/pagefind\/(wasm\.|pagefind\.js|pagefind-worker\.js)/.test(file.path)
            ? "engine"
            : "the site's own";
    const sum = kinds.get(kind) ?? { files: 0, bytes: 0 };
    sum.files++;
    sum.bytes += file.bytes;
    kinds.set(kind, sum);
  }
  return [...kinds]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([kind, sum]) => `${kind} ${(sum.bytes / 1000).toFixed(1)} (${sum.files})`)
    .join(", ");
}
