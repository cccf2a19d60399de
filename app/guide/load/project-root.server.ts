import fs from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { parseDocument } from "yaml";
import { isRecord } from "./is-record.ts";

/**
 * A docs tool's project folder, given where its docs folder was meant.
 * `mkdocs serve`, `mdbook serve`, `docusaurus start` and Starlight's
 * `astro dev` run at the project's root, and so do their users when they
 * try this tool: served as it is, such a root showed the repository's
 * README, changelog and `docs/` as pages, without the project's name and
 * navigation. The docs folder the project names is served instead, with
 * its project file beside it as always (project-config.server.ts).
 *
 * Only a folder inside the one given is taken: a `docs_dir: ../elsewhere`
 * is not followed out of it.
 */
export type ProjectDocs = {
  /** The docs folder, inside the one given. */
  folder: string;
  /** What names it: "docs_dir in mkdocs.yml", "src in book.toml", "docusaurus.config.ts", … */
  namedBy: string;
};

const MKDOCS_FILES = ["mkdocs.yml", "mkdocs.yaml"];
const DOCUSAURUS_CONFIGS = ["docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs", "docusaurus.config.mts"];
const ASTRO_CONFIGS = ["astro.config.mjs", "astro.config.js", "astro.config.ts", "astro.config.mts", "astro.config.cjs"];
/** A docs project's config is a few KB; one of megabytes is not one, and is not read. */
export const CONFIG_BYTES = 1024 * 1024;

/**
 * mkdocs.yml's settings. MkDocs configs carry Python tags (!!python/name:…,
 * !ENV, !relative) that only MkDocs can resolve; what is read here needs
 * none of them. Throws when the file is not YAML.
 */
export function parseMkDocsConfig(source: string): unknown {
  const document = parseDocument(source, { logLevel: "silent" });
  const [error] = document.errors;
  if (error) throw new Error(`not valid YAML: ${error.message}`);
  return document.toJS({ maxAliasCount: 100 });
}

/** MkDocs' docs folder, relative to mkdocs.yml: `docs_dir`, "docs" when it does not say. */
export function mkDocsDocsDir(config: Record<string, unknown>): string {
  return typeof config.docs_dir === "string" ? config.docs_dir : "docs";
}

/** mdBook's source folder, relative to book.toml: `[book] src`, "src" when it does not say. */
export function bookSourceFolder(config: Record<string, unknown>): string {
  return isRecord(config.book) && typeof config.book.src === "string" ? config.book.src : "src";
}

/** The docs folder of the project at `folder`; null when it is not a project's root (or names no folder inside it). */
export function docsFolderOfProject(folder: string): ProjectDocs | null {
  for (const name of MKDOCS_FILES) {
    const config = readConfig(path.join(folder, name), parseMkDocsConfig);
    if (config) return inside(folder, mkDocsDocsDir(config), `docs_dir in ${name}`);
    // One that does not parse still says whose root this is: MkDocs' own folder, rather than the repository's
    // README and changelog as pages. The server names the file it could not read (project-config.server.ts).
    if (isFile(path.join(folder, name))) return inside(folder, "docs", `MkDocs' docs folder; ${name} does not parse`);
  }
  const book = readConfig(path.join(folder, "book.toml"), parseToml);
  if (book) return inside(folder, bookSourceFolder(book), "src in book.toml");
  const docusaurus = DOCUSAURUS_CONFIGS.find((name) => isFile(path.join(folder, name)));
  if (docusaurus) return inside(folder, "docs", docusaurus);
  const astro = ASTRO_CONFIGS.find((name) => isFile(path.join(folder, name)));
  if (astro) return inside(folder, "src/content/docs", `${astro} (Starlight's src/content/docs)`);
  // VitePress keeps its configuration in the docs folder: `.vitepress` in docs/, not at the root.
  if (!isFolder(path.join(folder, ".vitepress")) && isFolder(path.join(folder, "docs", ".vitepress"))) return inside(folder, "docs", "docs/.vitepress");
  return null;
}

function inside(folder: string, named: string, namedBy: string): ProjectDocs | null {
  const candidate = path.resolve(folder, named);
  if (!isFolder(candidate)) return null;
  const [real, realRoot] = [fs.realpathSync(candidate), fs.realpathSync(folder)];
  return real.startsWith(realRoot + path.sep) ? { folder: candidate, namedBy } : null;
}

function readConfig(file: string, parse: (source: string) => unknown): Record<string, unknown> | null {
  try {
    const stat = statOrNull(file);
    if (!stat?.isFile() || stat.size > CONFIG_BYTES) return null;
    const config = parse(fs.readFileSync(file, "utf8"));
    return isRecord(config) ? config : null;
  } catch {
    // Not a config this can read: the folder is served as given, as before.
    return null;
  }
}

function isFile(target: string): boolean {
  return statOrNull(target)?.isFile() ?? false;
}

function isFolder(target: string): boolean {
  return statOrNull(target)?.isDirectory() ?? false;
}

/** Gone, unreadable or in a folder that cannot be searched: not there, for this purpose. */
function statOrNull(target: string): fs.Stats | null {
  try {
    return fs.statSync(target, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}
