import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GuideContentError } from "../guide-content-error";
import type { BrokenLink } from "../load/link-report";
import { findBrokenAnchors } from "./broken-anchors.server";
import { SITE_PATHS } from "./guide-service.server";
import { INCLUDE_LIMITS } from "../load/includes/include-expansion.server";
import { loadGuide } from "./load-guide.server";
import { createPageRenderer } from "./render-worker-client.server";
import { renderWorkerPool } from "./render-worker-pool.server";
import { SameAddressError } from "../load/page-slugs.server";
import { TakenAddressError } from "../load/taken-addresses.server";

/**
 * Everything about a docs folder that the server would warn about, as a
 * list: what `themed-guide check` prints. The folder is loaded and every
 * page rendered, exactly as the server does it, but nothing is printed
 * while that happens. A file that stops a server's start (front matter
 * that does not parse, a second file at one address) is listed and read
 * past, so that one run names every problem.
 */

/**
 * Every kind of problem, for what documents them (the command's README,
 * checked by a test). The kinds of the folder's warnings (folder-warning.ts) are among them, or
 * checkGuide does not type-check.
 */
export const FOLDER_PROBLEM_KINDS = [
  "unreadable-folder",
  "front-matter",
  "same-address",
  "broken-link",
  "broken-anchor",
  "missing-include",
  "includes-past-limit",
  "render-failure",
  "skipped-file",
  "unreadable-config",
  "not-utf8",
] as const;

export type FolderProblem = {
  kind: (typeof FOLDER_PROBLEM_KINDS)[number];
  /** Relative to the folder; null when no one file is to blame. */
  file: string | null;
  /** 1-based, where the file says it; null when it cannot be told. */
  line: number | null;
  message: string;
};

/**
 * `cacheFolder`: where rendered pages are kept, as the server keeps them
 * (load-guide.server.ts): a check of unchanged files renders none again,
 * and a server started on the folder after a check renders none either,
 * and searches and lists every page's description at once: the check
 * leaves the search index there too.
 * `budgetMB`: each render worker's share of it, as an export's workers
 * have (server/memory-budget.ts).
 */
export async function checkGuide(folder: string, { cacheFolder = null, budgetMB }: { cacheFolder?: string | null; budgetMB?: number } = {}): Promise<FolderProblem[]> {
  // Pages are named by their real path (a folder reached through a symbolic link included).
  const contentDir = await fs.realpath(folder).catch(() => folder);
  // Every file a server's start would stop at (front matter that does not parse, two files at one address), not only the first.
  const refused: GuideContentError[] = [];
  // Nothing is served meanwhile: a render worker per core, as an export has.
  const workers = os.availableParallelism();
  const renderer = renderWorkerPool(Array.from({ length: workers }, () => createPageRenderer(undefined, { budgetMB })));
  let guide;
  try {
    guide = await loadGuide(contentDir, {
      sitePaths: SITE_PATHS,
      // Warnings are what this returns; the console stays quiet.
      warn: () => {},
      onRefusedFile: (error) => refused.push(error),
      renderer,
      cacheFolder,
      // Each page's ids and links are read as it is rendered, and nothing asks for it again.
      renderedBytesKept: 0,
      // Nothing is searched here: the index is made only for a server to find in the cache folder.
      searchIndex: cacheFolder !== null,
    });
  } catch (error) {
    if (error instanceof GuideContentError) return [fromContentError(contentDir, error)];
    throw error;
  }
  // Every page rendered once, a page waiting for each worker as it renders one. The completion then renders
  // none again; in the other order, the pages it had let go of (most of a large folder) were rendered twice.
  const brokenAnchors = await findBrokenAnchors(guide.pages, guide.render, { parallel: workers * 2 });
  const { brokenLinks, failures } = await guide.complete();
  const problems = [
    ...refused.map((error) => fromContentError(contentDir, error)),
    // A file outside the folder (a project file beside it) is named as reached from it: "../mkdocs.yml".
    ...guide.folderWarnings.map(({ kind, file, line, message }) => ({ kind, file: path.relative(contentDir, file), line: line ?? null, message })),
    ...(await locate(contentDir, guide.missingIncludes, "missing-include", "include names no file in the folder")),
    ...(await locate(contentDir, guide.includesPastLimit, "includes-past-limit", `the page's includes reached a limit (${INCLUDE_LIMITS}); this one and those after it are left as written`)),
    ...(await locate(contentDir, brokenLinks, "broken-link", "link leads nowhere")),
    // The link is known by the site URL it became; its fragment is as written.
    ...(await locate(contentDir, brokenAnchors, "broken-anchor", "no heading or element has this id", (anchor) => new RegExp(`#${escapeRegExp(anchor.fragment)}(?![\\w-])`))),
    ...failures.map((failure) => ({ ...fromContentError(contentDir, failure), kind: "render-failure" as const })),
  ];
  return problems.sort((a, b) => (a.file ?? "").localeCompare(b.file ?? "") || (a.line ?? 0) - (b.line ?? 0));
}

function fromContentError(contentDir: string, error: GuideContentError): FolderProblem {
  if (error instanceof SameAddressError) {
    const first = path.relative(contentDir, error.firstFile);
    return { kind: "same-address", file: path.relative(contentDir, error.file!), line: null, message: `gives the page ${error.url}, as ${first} does; rename one` };
  }
  if (error instanceof TakenAddressError) {
    return { kind: "same-address", file: path.relative(contentDir, error.file!), line: null, message: error.reason((file) => path.relative(contentDir, file)) };
  }
  const kind = error.line !== undefined ? "front-matter" : "unreadable-folder";
  if (error.file === undefined) return { kind, file: null, line: null, message: error.message };
  // The message starts with where ("/docs/a.md:3:1: …"); the problem says that in its own fields.
  const message = error.message.startsWith(error.file) ? error.message.slice(error.file.length).replace(/^(?::\d+)*:\s*/, "") : error.message;
  const file = path.isAbsolute(error.file) ? path.relative(contentDir, error.file) : error.file;
  return { kind, file, line: error.line ?? null, message };
}

/** The line of each link's page that holds the link as written (the first such line), or null when none does (it came from an include). */
async function locate<Link extends BrokenLink>(
  contentDir: string,
  links: readonly Link[],
  kind: FolderProblem["kind"],
  what: string,
  written: (link: Link) => string | RegExp = (link) => link.href,
): Promise<FolderProblem[]> {
  const linesOf = new Map<string, Promise<string[]>>();
  return Promise.all(
    links.map(async (link) => {
      let lines = linesOf.get(link.from);
      if (!lines) {
        lines = fs.readFile(path.join(contentDir, link.from), "utf8").then((text) => text.split("\n"), () => []);
        linesOf.set(link.from, lines);
      }
      const needle = written(link);
      const index = (await lines).findIndex((line) => (typeof needle === "string" ? line.includes(needle) : needle.test(line)));
      return { kind, file: link.from, line: index < 0 ? null : index + 1, message: `${what}: ${link.href}` };
    }),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}
