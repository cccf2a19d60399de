import fs from "node:fs";
import zlib from "node:zlib";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { EXPORT_MARKER } from "./export-folder.ts";
import { createExportWriter, type ExportWriter } from "./export-writer.ts";
import { createSearchIndexWriter, searchableHtml } from "./search-index-writer.ts";

let out = "";
afterEach(() => fs.rmSync(out, { recursive: true, force: true }));

const page = (title: string, text: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><article data-pagefind-body><h1>${title}</h1><p>${text}</p></article></body></html>`;

/** Writes the page's file where the export writes it until it is whole, and gives it to the writer. */
function writePage(writer: Awaited<ReturnType<typeof createSearchIndexWriter>>, position: number, url: string, html: string) {
  const file = `${url.slice(1)}/index.html`;
  fs.mkdirSync(path.dirname(path.join(output.folder, file)), { recursive: true });
  fs.writeFileSync(path.join(output.folder, file), html);
  writer.addPage(position, { url, file });
}

/** A writer for a new export folder, which writes the index through the export's own writer, as `build` does. */
function indexWriter(pagesPerPart: number) {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "search-index-writer-"));
  output = createExportWriter(out);
  return createSearchIndexWriter({ pagesPerPart, output });
}
let output: ExportWriter;

/** Exports `count` pages' index; the files of the index, as the export's marker records them. */
async function exportPages(count: number, pagesPerPart: number): Promise<string[]> {
  const writer = await indexWriter(pagesPerPart);
  // Added as the export adds them: finishing in any order (here the last first).
  for (let index = count - 1; index >= 0; index--) writePage(writer, index, `/guide/page-${index}`, page(`Page ${index}`, `Tide tables for harbour ${index}.`));
  await writer.finish();
  output.finish();
  return recordedFiles();
}

/** The files the export's marker lists. The pages' own files are written by the test, not through the export's writer. */
const recordedFiles = () => (JSON.parse(fs.readFileSync(path.join(out, EXPORT_MARKER), "utf8")) as { files: string[] }).files;

/** How many pages each part's Pagefind index says it holds. */
const pagesIn = (folder: string) => (JSON.parse(fs.readFileSync(path.join(out, "pagefind", folder, "pagefind-entry.json"), "utf8")) as { languages: { en: { page_count: number } } }).languages.en.page_count;

test("writes the index in parts of the pages asked for, the first beside the script and the others listed in parts.json", async () => {
  const written = await exportPages(5, 2);
  const parts = JSON.parse(fs.readFileSync(path.join(out, "pagefind", "parts.json"), "utf8")) as string[];
  expect(parts).toEqual(["parts/2/", "parts/3/"]);
  expect([pagesIn(""), ...parts.map(pagesIn)]).toEqual([2, 2, 1]);
  // Every file written is reported, so a later export can remove it, and nothing else.
  const onDisk = fs.readdirSync(path.join(out, "pagefind"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(written.toSorted()).toEqual(onDisk.map((entry) => path.relative(out, path.join(entry.parentPath, entry.name))).toSorted());
});

test("the parts after the first hold their index only: the first part's script and WebAssembly search them all", async () => {
  await exportPages(3, 1);
  expect(fs.existsSync(path.join(out, "pagefind", "pagefind.js"))).toBe(true);
  for (const part of ["2", "3"]) {
    const names = fs.readdirSync(path.join(out, "pagefind", "parts", part)).toSorted();
    expect(names).toHaveLength(4);
    expect(names).toEqual(["fragment", "index", "pagefind-entry.json", expect.stringMatching(/^pagefind\.en_\w+\.pf_meta$/)]);
  }
});

test("a site that fits in one part, or has no page, gets one index and an empty list of parts", async () => {
  await exportPages(4, 4);
  expect(fs.readFileSync(path.join(out, "pagefind", "parts.json"), "utf8")).toBe("[]\n");
  expect(pagesIn("")).toBe(4);
  fs.rmSync(out, { recursive: true, force: true });
  await exportPages(0, 4);
  expect(fs.readFileSync(path.join(out, "pagefind", "parts.json"), "utf8")).toBe("[]\n");
  expect(fs.existsSync(path.join(out, "pagefind", "pagefind.js"))).toBe(true);
});

test("an index in more than one part starts once the memory its parts count on is free; an index in one part does not wait for it", async () => {
  const indexPages = async (count: number, pagesPerPart: number, memoryFreeAt: number) => {
    const writer = await indexWriter(pagesPerPart);
    for (let index = 0; index < count; index++) writePage(writer, index, `/guide/page-${index}`, page(`Page ${index}`, "Tide tables."));
    const started = performance.now();
    await writer.finish(memoryFreeAt);
    output.finish();
    return performance.now() - started;
  };
  // Two parts of a few pages take Pagefind well under a second.
  expect(await indexPages(2, 1, performance.now() + 1_500)).toBeGreaterThanOrEqual(1_400);
  fs.rmSync(out, { recursive: true, force: true });
  // Past the test's own time limit, were it waited for.
  expect(await indexPages(2, 2, performance.now() + 60_000)).toBeLessThan(60_000);
});

test("pages go into the parts in their order in the export, whatever order they finish in, so the same folder makes the same index", async () => {
  await exportPages(5, 2);
  // Each of Pagefind's fragments holds one page, its URL first.
  const urlsIn = (folder: string) =>
    fs
      .readdirSync(path.join(out, "pagefind", folder, "fragment"))
      .map((name) => /"url":"([^"]+)"/.exec(zlib.gunzipSync(fs.readFileSync(path.join(out, "pagefind", folder, "fragment", name))).toString())![1])
      .toSorted();
  expect([urlsIn(""), urlsIn("parts/2"), urlsIn("parts/3")]).toEqual([["/guide/page-0", "/guide/page-1"], ["/guide/page-2", "/guide/page-3"], ["/guide/page-4"]]);
});

test("a page that is not indexed still takes its place, and the pages after it go in", async () => {
  const writer = await indexWriter(10);
  writePage(writer, 2, "/guide/b", page("B", "Bravo."));
  writer.addPage(1, null);
  writePage(writer, 0, "/guide/a", page("A", "Alpha."));
  await writer.finish();
  output.finish();
  expect(pagesIn("")).toBe(2);
});

test("the index is read from the pages' files when it is written, so no page's HTML waits in memory for it", async () => {
  const writer = await indexWriter(10);
  writePage(writer, 0, "/guide/a", page("A", "Neap tide."));
  // What the file holds when the index is written is what is found: the export's final page.
  fs.writeFileSync(path.join(output.folder, "guide/a/index.html"), page("A", "Spring tide."));
  await writer.finish();
  output.finish();
  const fragments = path.join(out, "pagefind", "fragment");
  const text = fs.readdirSync(fragments).map((name) => zlib.gunzipSync(fs.readFileSync(path.join(fragments, name))).toString()).join("");
  expect(text).toContain("Spring tide.");
  expect(text).not.toContain("Neap tide.");
});

/** A page as the export writes one: navigation and footer around the article, and an article of the author's inside ours. */
const wholePage = (title: string) =>
  `<!DOCTYPE html><html lang="de" data-theme-preference="system"><head><meta charset="utf-8"><title>${title} | Gezeiten</title></head>` +
  `<body><header><a href="/">Gezeiten</a><form role="search"><input name="q"></form></header><nav aria-label="Guide"><a href="/guide/a">Hafen</a></nav>` +
  `<main><article class="prose" data-pagefind-body=""><h1 id="top">${title}</h1><p>Springflut und Nipptide.</p>` +
  `<article><h2 id="inner">Ein Artikel im Artikel</h2><p>Ebbe am Pegel.</p></article>` +
  `<h2 id="after">Danach</h2><p>Stauwasser nach dem inneren Artikel.</p><pre data-pagefind-ignore=""><code>ignored()</code></pre></article>` +
  `<nav aria-label="Previous and next page"><a rel="next" href="/guide/b">Weiter</a></nav></main><footer><p>Leuchtturm</p></footer></body></html>`;

test("Pagefind is given a page's article, inner articles and all, with the document's language, and indexes it exactly as the whole page", async () => {
  const html = wholePage("Tidenhub");
  const given = searchableHtml(html);
  expect(given).toMatch(/^<html lang="de" data-theme-preference="system"><body><article class="prose" data-pagefind-body="">/);
  expect(given).toContain("Stauwasser nach dem inneren Artikel.");
  expect(given).not.toMatch(/Gezeiten|Hafen|Weiter|Leuchtturm/);
  const pagefind = await import("pagefind");
  const indexOf = async (content: string) => {
    const { index } = await pagefind.createIndex({});
    await index!.addHTMLFile({ url: "/guide/tidenhub", content });
    const { files } = await index!.getFiles();
    return files.map((file) => [file.path, Buffer.from(file.content).toString("base64")]).toSorted();
  };
  expect(await indexOf(given)).toEqual(await indexOf(html));
  await pagefind.close();
});

test("a page with no article marked for the index is given to Pagefind whole", () => {
  const listing = "<!DOCTYPE html><html lang=\"en\"><body><main><h1>Guide</h1><ul><li>Every page</li></ul></main></body></html>";
  expect(searchableHtml(listing)).toBe(listing);
});

test("Pagefind passes over what the server's search does: a section is titled by its heading's words, not the '#' the heading ends with, and hidden text and controls are not indexed", async () => {
  const html =
    `<!DOCTYPE html><html lang="en"><body><article class="prose" data-pagefind-body=""><h1 id="top">Tides</h1><p>Twice a day.</p>` +
    `<h2 id="spring">Spring tide<a class="heading-anchor" aria-hidden="true" tabindex="-1" href="#spring">#</a></h2><p>High water at &#x3C;noon hidden>.</p>` +
    `<div hidden><p>Slack water.</p></div><button type="button">Copy</button><span aria-hidden="true">Neap</span>` +
    `<p><abbr title="the hidden shoal">HS</abbr> marked.</p></article></body></html>`;
  const pagefind = await import("pagefind");
  const { index } = await pagefind.createIndex({});
  await index!.addHTMLFile({ url: "/guide/tides", content: searchableHtml(html) });
  const { files } = await index!.getFiles();
  await pagefind.close();
  const fragment = files.find((file) => file.path.startsWith("fragment/"))!;
  const { content, anchors } = JSON.parse(zlib.gunzipSync(Buffer.from(fragment.content)).toString().replace(/^pagefind_dcd/, "")) as {
    content: string;
    anchors: { id: string; text: string }[];
  };
  expect(anchors.find((anchor) => anchor.id === "spring")?.text).toBe("Spring tide");
  // Text that only reads like a tag is text, and stays in; so does an element whose attribute's value says "hidden".
  expect(content).toBe("Tides. Twice a day. Spring tide. High water at <noon hidden>. HS marked.");
});
