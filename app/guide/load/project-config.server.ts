import fs from "node:fs/promises";
import path from "node:path";
import type { Link, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import remarkParse from "remark-parse";
import { parse as parseToml } from "smol-toml";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { PAGE_FILE } from "../render/page-files";
import { isRecord } from "./is-record";
import { text } from "./page-meta.server";
import type { FolderWarning } from "./folder-warning";
import { PROJECT_FILES } from "./project-files";
import { bookSourceFolder, CONFIG_BYTES, mkDocsDocsDir, parseMkDocsConfig } from "./project-root.server";

/**
 * A docs tool's own table of contents, where the folder's author wrote one:
 * mdBook's SUMMARY.md (inside the folder) and the `nav` of MkDocs'
 * mkdocs.yml (beside it). It gives the navigation its order and labels, as
 * the tool's own sidebar shows them; the folder tree still gives its shape.
 * The project's file beside the folder also names the site: mkdocs.yml's
 * `site_name`, book.toml's `title`.
 *
 * These files are the author's, not ours, so nothing in them stops the
 * start: a file that cannot be read is reported and the folder is served by
 * its names, as without one.
 */

export type TableOfContents = {
  /** Markdown file ("a/b.md") → its place in the reading order and the label the tool shows. */
  pages: Map<string, ContentsEntry>;
  /** Folder ("a/b") → the place and label of the section that lists its pages. */
  folders: Map<string, ContentsEntry>;
};

export type ContentsEntry = { order: number; label: string | null };

export type ProjectConfig = {
  /** The file it came from, for messages. */
  file: string;
  siteName: string | null;
  contents: TableOfContents | null;
};

/** mdBook's SUMMARY.md: its links in order, labelled with their text; drafts (`[Plugins]()`) have no file. */
export function readBookSummary(summary: string): TableOfContents {
  const contents = emptyContents();
  const tree = unified().use(remarkParse).parse(summary) as Root;
  visit(tree, "link", (link: Link) => {
    const file = markdownPath(link.url);
    if (file && !contents.pages.has(file)) contents.pages.set(file, { order: contents.pages.size, label: toString(link).trim() || null });
  });
  addFolderOrders(contents);
  return contents;
}

/**
 * MkDocs' `nav`: a list whose items are a page ("a.md"), a titled page
 * ({ "Title": "a.md" }), a section ({ "Title": [ …items ] }) or a link
 * elsewhere ({ "Title": "https://…" }, left out: the navigation lists pages).
 * A section labels the folder that holds its pages, when they share one
 * below the section around it.
 */
export function readMkDocsNav(nav: unknown): TableOfContents {
  const contents = emptyContents();
  const sections: { order: number; label: string | null; files: string[]; parent: number | null }[] = [];
  let position = 0;
  // Returns the pages listed under `items`, to find the folder each section stands for.
  const walk = (items: unknown, section: number | null): string[] => {
    if (!Array.isArray(items)) return [];
    const listed: string[] = [];
    for (const item of items) {
      const [label, value] = typeof item === "string" ? [null, item] : entryOf(item);
      if (typeof value === "string") {
        const file = markdownPath(value);
        if (file && !contents.pages.has(file)) {
          contents.pages.set(file, { order: position++, label });
          listed.push(file);
        }
      } else if (Array.isArray(value)) {
        const index = sections.push({ order: position++, label, files: [], parent: section }) - 1;
        sections[index]!.files = walk(value, index);
        listed.push(...sections[index]!.files);
      }
    }
    return listed;
  };
  walk(nav, null);
  for (const section of sections) {
    const folder = commonFolder(section.files);
    const around = section.parent === null ? "" : commonFolder(sections[section.parent]!.files);
    if (folder && folder !== around && !contents.folders.has(folder)) contents.folders.set(folder, { order: section.order, label: section.label });
  }
  addFolderOrders(contents);
  return contents;
}

/**
 * The project file beside the folder that names it as its docs: mkdocs.yml
 * (or .yaml) whose `docs_dir` (default "docs") is this folder, or book.toml
 * whose `src` (default "src") is. Null when there is none.
 */
export async function readProjectConfig(root: string, warn: (warning: FolderWarning) => void): Promise<ProjectConfig | null> {
  const parent = path.dirname(root);
  for (const name of PROJECT_FILES) {
    const file = path.join(parent, name);
    const source = await readSmallFile(file);
    if (source === null) continue;
    try {
      const config = await (name === "book.toml" ? readBookToml(source, parent, root) : readMkDocsConfig(source, parent, root));
      if (config) return { file, ...config };
    } catch (error) {
      warn({ kind: "unreadable-config", file, message: `not read (${(error as Error).message.split("\n")[0]}); the navigation follows the folder's names` });
      return null;
    }
  }
  return null;
}

async function readMkDocsConfig(source: string, projectDir: string, root: string): Promise<Omit<ProjectConfig, "file"> | null> {
  const config = parseMkDocsConfig(source);
  if (!isRecord(config)) return null;
  if (!(await isSameFolder(path.resolve(projectDir, mkDocsDocsDir(config)), root))) return null;
  return { siteName: text(config.site_name), contents: "nav" in config ? readMkDocsNav(config.nav) : null };
}

async function readBookToml(source: string, projectDir: string, root: string): Promise<Omit<ProjectConfig, "file"> | null> {
  const config = parseToml(source);
  const book = isRecord(config.book) ? config.book : {};
  if (!(await isSameFolder(path.resolve(projectDir, bookSourceFolder(config)), root))) return null;
  // The folder's own SUMMARY.md is its table of contents (list-content-folder.server.ts).
  return { siteName: text(book.title), contents: null };
}

/** The folder a project file names is the content folder, however either path is spelled. */
async function isSameFolder(named: string, root: string): Promise<boolean> {
  const [a, b] = await Promise.all([fs.realpath(named).catch(() => named), fs.realpath(root).catch(() => root)]);
  return a === b;
}

async function readSmallFile(file: string): Promise<string | null> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile() || stat.size > CONFIG_BYTES) return null;
  return fs.readFile(file, "utf8").catch(() => null);
}

/** A nav item written as a one-key mapping: its title and what it holds. */
function entryOf(item: unknown): [string | null, unknown] {
  if (!isRecord(item)) return [null, null];
  const [entry] = Object.entries(item);
  return entry ? [text(entry[0]), entry[1]] : [null, null];
}

/** "./a/b.md" and "a/b.md" alike; null for links elsewhere and files that are not Markdown. */
function markdownPath(target: string): string | null {
  if (/^[a-z][a-z\d+.-]*:|^\/|^#/i.test(target)) return null;
  let file: string;
  try {
    file = path.posix.normalize(decodeURI(target.replace(/[?#].*$/, "")));
  } catch {
    return null;
  }
  file = file.replace(/^\.\//, "");
  return PAGE_FILE.test(file) && !file.startsWith("../") ? file : null;
}

/** The deepest folder that holds every file, "" for the top; null for no files. */
function commonFolder(files: string[]): string | null {
  if (files.length === 0) return null;
  const folders = files.map((file) => path.posix.dirname(file).replace(/^\.$/, "").split("/").filter(Boolean));
  const shared: string[] = [];
  for (const [depth, name] of (folders[0] ?? []).entries()) {
    if (!folders.every((parts) => parts[depth] === name)) break;
    shared.push(name);
  }
  return shared.join("/");
}

/**
 * A folder the contents give no place of its own takes the place of the
 * first page listed inside it, so a folder of listed pages is not sorted
 * after everything that was listed.
 */
function addFolderOrders(contents: TableOfContents): void {
  for (const [file, { order }] of contents.pages) {
    const parts = file.split("/").slice(0, -1);
    for (let depth = 1; depth <= parts.length; depth++) {
      const folder = parts.slice(0, depth).join("/");
      const known = contents.folders.get(folder);
      if (!known) contents.folders.set(folder, { order, label: null });
      else if (known.order > order) known.order = order;
    }
  }
}

function emptyContents(): TableOfContents {
  return { pages: new Map(), folders: new Map() };
}
