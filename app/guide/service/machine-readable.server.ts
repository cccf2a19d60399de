import { PageFileGoneError } from "../guide-content-error";
import type { GuidePage } from "../guide-types";
import { withoutPageExtension } from "../render/page-files";
import { getGuide, getSiteConfig, listedDescriptions } from "./guide-service.server";

/**
 * The guide for programs rather than people: each page's Markdown at its
 * URL plus `.md`, and an index of them all in the llms.txt format
 * (https://llmstxt.org): `/llms.txt` lists every page with its description,
 * `/llms-full.txt` holds every page's Markdown in reading order.
 */

/**
 * The page whose Markdown this path asks for, or null: a page's URL plus
 * `.md` (`/guide/setup/install.md`, `/guide.md`), or, for a folder's index
 * page, `index.md` inside the folder (`/guide/setup/index.md`), where the
 * page's relative links resolve as they do in the docs folder.
 */
export async function pageOfMarkdownPath(pathname: string): Promise<GuidePage | null> {
  const match = /^\/guide(?:\/(.+))?\.md$/.exec(pathname);
  const slug = match ? decodedSlug(match[1] ?? "") : null;
  if (slug === null) return null;
  const guide = await getGuide();
  const folderIndex = slug === "index" ? "" : slug.endsWith("/index") ? slug.slice(0, -"/index".length) : null;
  const page = guide.findPage(slug) ?? (folderIndex === null ? undefined : guide.findPage(folderIndex));
  return page && (folderIndex === null || page.slug !== folderIndex || isFolderIndex(page)) ? page : null;
}

/** The page at this URL (`/guide`, `/guide/setup/install`), or null. */
export async function pageOfUrl(pathname: string): Promise<GuidePage | null> {
  const match = /^\/guide(?:\/(.+?))?\/?$/.exec(pathname);
  const slug = match ? decodedSlug(match[1] ?? "") : null;
  return slug === null ? null : ((await getGuide()).findPage(slug) ?? null);
}

/**
 * A slug from a URL's path as the router gives it to the page's route
 * (`ünïcödé page name` from `%C3%BCn%C3%AFc%C3%B6d%C3%A9%20page%20name`),
 * each segment decoded and a slash inside one left encoded; null when the
 * encoding is malformed, which names no page.
 */
function decodedSlug(encoded: string): string | null {
  try {
    return encoded
      .split("/")
      .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
      .join("/");
  } catch {
    return null;
  }
}

/** The page's Markdown, headed by its title when the file's own text has no `# ` heading first. */
export async function pageMarkdown(page: GuidePage): Promise<string> {
  const markdown = (await (await getGuide()).markdown(page)).trim();
  return beginsWithTitle(markdown) ? `${markdown}\n` : `# ${page.title}\n\n${markdown}\n`;
}

/**
 * Whether the Markdown's first heading is its first text: a `# ` heading
 * first, or after MDX's `import` and `export` statements (Docusaurus and
 * Starlight pages begin with them), which are code, not text.
 */
export function beginsWithTitle(markdown: string): boolean {
  // Block by block from the start, as far as the first that is not a statement: never the whole page.
  let rest = markdown.trimStart();
  while (/^(import|export)\s/.test(rest)) {
    const blockEnd = rest.search(/\n[ \t]*\n/);
    if (blockEnd === -1) return false;
    rest = rest.slice(blockEnd).trimStart();
  }
  return rest.startsWith("# ");
}

/** Where llms.txt links a page's Markdown: inside its folder for an index page, so that its relative links resolve. */
export function markdownUrl(page: GuidePage): string {
  return isFolderIndex(page) ? `${page.url}/index.md` : `${page.url}.md`;
}

/** A folder's page (index.md, README.md, _index.md, as the loader chose it) is served at the folder's path, not its own. */
function isFolderIndex(page: GuidePage): boolean {
  return withoutPageExtension(page.relativePath) !== page.slug;
}

/** Pages /llms.txt lists between two turns of the event loop. */
const PAGES_AT_A_TURN = 1_000;

/**
 * /llms.txt: the site's name, its landing page's description, and every page
 * as a link to its Markdown. `siteAddress` is the origin and the base path the
 * site is served from ("https://example.github.io/docs"), without a final "/".
 *
 * During a first start it lists the descriptions known so far, says so,
 * and marks the answer incomplete, for the caller to keep it from caches
 * (listedDescriptions).
 */
export async function llmsIndex(siteAddress: string): Promise<{ text: string; complete: boolean }> {
  const guide = await getGuide();
  const site = await getSiteConfig();
  const { descriptions, complete } = await listedDescriptions();
  const summary = guide.landing ? descriptions.of(guide.landing) : undefined;
  const lines = [`# ${oneLine(site.name)}`, ""];
  if (summary) lines.push(`> ${oneLine(summary)}`, "");
  lines.push(`Every page's Markdown is at its address plus \`.md\`; all of them in one file: ${siteAddress}/llms-full.txt`, "");
  if (!complete) lines.push(`Descriptions of ${descriptions.count.toLocaleString("en")} of ${guide.pages.length.toLocaleString("en")} pages so far: the server is still reading the others.`, "");
  lines.push("## Pages", "");
  for (const [index, page] of guide.pages.entries()) {
    // A large folder's list is built in turns (0.3 s at 50,000 pages), requests for pages answered in between.
    if (index % PAGES_AT_A_TURN === PAGES_AT_A_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    const description = descriptions.of(page);
    lines.push(`- [${linkText(page.title)}](${siteAddress}${markdownUrl(page)})${description ? `: ${oneLine(description)}` : ""}`);
  }
  return { text: `${lines.join("\n")}\n`, complete };
}

/**
 * /llms-full.txt: every page's Markdown in reading order, each headed by
 * where it lives. Streamed, a page read from its file as the reader takes
 * the one before: a large folder's text is never held at once.
 */
export async function llmsFull(siteAddress: string): Promise<ReadableStream<Uint8Array>> {
  const guide = await getGuide();
  const site = await getSiteConfig();
  const pages = guide.pages;
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`# ${oneLine(site.name)}\n`));
    },
    async pull(controller) {
      // A page whose file was removed since the folder was read is left out: each pull enqueues a page or closes.
      for (let page = pages[next++]; page; page = pages[next++]) {
        const markdown = await pageMarkdown(page).catch((error: unknown) => (error instanceof PageFileGoneError ? null : Promise.reject(error)));
        if (markdown !== null) return controller.enqueue(encoder.encode(`\n<!-- ${siteAddress}${page.url} -->\n\n${markdown}`));
      }
      controller.close();
    },
  });
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Text for inside [ ]: brackets that would end the link are escaped. */
function linkText(text: string): string {
  return oneLine(text).replace(/[[\]\\]/g, "\\$&");
}
