import path from "node:path";
import { PAGE_FILE } from "./page-files";

/**
 * Links and images in the Markdown, written for the docs tool the folder was
 * made for, turned into this site's URLs: a page's URL under /guide, or a
 * file's under /guide-files. Pure: it looks targets up in the sets of pages
 * and files found when the guide was loaded, and never touches the disk.
 *
 * Understood: relative paths with or without `.md`, with `.html` (VitePress'
 * clean URLs), to `index.md`/`README.md` or to a folder (`../config/`,
 * `./guide`), with `#anchors` and `?query`; root-relative paths, where `/`
 * is the content folder's root and `/logo.png` is VitePress' `public/logo.png`
 * first; and this site's own `/guide/...` and `/guide-files/...` URLs.
 * A root-relative link that finds nothing is read once more the way GitHub
 * reads it, from the repository's root (`/docs/config.md` in a folder that
 * is the repository's `docs/`).
 */
import { headingFragment } from "./markdown/rehype/rehype-heading-ids";

export type UrlKind = "link" | "image";

/** What resolving a link asks of the targets: the Maps of `UrlTargets`, or their packed form in a render worker (packed-targets.server.ts). */
export type UrlLookups = Omit<UrlTargets, "pages" | "folders" | "pageUrls" | "files"> & {
  pages: { get(file: string): string | undefined };
  folders: { get(folder: string): string | undefined };
  pageUrls: { has(url: string): boolean };
  files: { get(file: string): { version: string } | undefined };
};

export type UrlTargets = {
  /** A Markdown file's path relative to the content folder ("a/index.md") → its page's URL. */
  pages: ReadonlyMap<string, string>;
  /** A folder's path ("a", "" for the root) → the URL of its index page. */
  folders: ReadonlyMap<string, string>;
  /** Every page's URL, to accept links written as this site's own URLs. */
  pageUrls: ReadonlySet<string>;
  /** A file's path relative to the content folder → its version, for `?v=`. */
  files: ReadonlyMap<string, { version: string }>;
  /**
   * Paths outside /guide that the site itself serves ("/appearance"):
   * a root-relative link to one that the folder does not have is left as is.
   */
  sitePaths?: ReadonlySet<string>;
  /**
   * Where the folder sits as seen from a repository's root ("docs",
   * "website/docs"), for root-relative links written for GitHub; longest first.
   */
  repositoryPaths?: readonly string[];
  /**
   * Where the site is served from when not from its host's root ("/docs" for
   * a static export at https://example.github.io/docs/): put before every URL
   * written, the site's own included. "" or absent at the root.
   */
  basePath?: string;
};

/**
 * - `{ url }`: write this instead;
 * - `{ missing }`: looks like a path into the folder, but nothing is there;
 * - `null`: not the folder's to resolve (another site, `mailto:`, `#anchor`).
 */
export type Resolution = { url: string } | { missing: string } | null;

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

export function resolveContentUrl(targets: UrlLookups, fromRelativePath: string, url: string, kind: UrlKind): Resolution {
  const written = url.trim();
  if (written === "" || written.startsWith("#") || written.startsWith("?") || SCHEME.test(written)) return null;
  // Protocol-relative, and its backslash spellings that browsers also read as another host.
  if (/^[/\\]{2}/.test(written) || written.startsWith("/\\")) return null;
  const missing = { missing: written };

  const hashAt = written.indexOf("#");
  const hash = hashAt === -1 ? "" : written.slice(hashAt);
  const beforeHash = hashAt === -1 ? written : written.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const rawPath = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);

  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return missing;
  }
  // A backslash or NUL is no path separator on the web, and nothing on disk is named with one that we would serve.
  if (decoded.includes("\\") || decoded.includes("\0")) return missing;

  const rootRelative = decoded.startsWith("/");
  const joined = rootRelative ? path.posix.normalize(decoded) : path.posix.join(path.posix.dirname(fromRelativePath), decoded);
  let target = joined.replace(/^\/+/, "");
  // Above the content folder: nothing there is ours to link to.
  if (target === ".." || target.startsWith("../")) return missing;
  target = target.replace(/\/+$/, "");
  if (target === ".") target = "";
  const folderLike = decoded === "" || /(^|\/)\.{0,2}$/.test(decoded);

  const find = (target: string): Found | null =>
    kind === "image" ? findFile(targets, target, rootRelative) : (findPage(targets, target, folderLike) ?? findFile(targets, target, rootRelative));
  const found = find(target) ?? (rootRelative ? (findSiteUrl(targets, target) ?? findFromRepositoryRoot(targets, target, find)) : null);
  if (found === null) return missing;
  const basePath = targets.basePath ?? "";
  if (found.passThrough) return basePath === "" ? null : { url: basePath + written };
  return { url: basePath + found.url + (found.isPage ? headingFragment(hash) : hash) };
}

/**
 * A link or image a page's render asked the folder about, and what it was
 * told: a page rendered against one set of targets is still right for
 * another if every one of its links resolves there as it did
 * (`resolvesAsBefore`). So a page added, moved or removed renders again
 * only the pages whose links it changes, not every page.
 */
export type AskedLink = { kind: UrlKind; href: string; resolution: Resolution };

/** Whether every link resolves against these targets as it did when the page was rendered. */
export function resolvesAsBefore(targets: UrlLookups, fromRelativePath: string, asked: readonly AskedLink[]): boolean {
  return asked.every(({ kind, href, resolution }) => sameResolution(resolveContentUrl(targets, fromRelativePath, href, kind), resolution));
}

function sameResolution(a: Resolution, b: Resolution): boolean {
  if (a === null || b === null) return a === b;
  return "url" in a ? "url" in b && a.url === b.url : "missing" in b && a.missing === b.missing;
}

/**
 * The same, as `MarkdownContext.resolveUrl` wants it: a URL, or null to
 * leave it as written; a link into the folder that leads nowhere is also
 * told to `onMissing`, for the broken-link report.
 */
export function resolveUrl(
  targets: UrlLookups,
  fromRelativePath: string,
  url: string,
  kind: UrlKind,
  onMissing: (url: string) => void = () => {},
  onAsked: (asked: AskedLink) => void = () => {},
): string | null {
  const resolution = resolveContentUrl(targets, fromRelativePath, url, kind);
  onAsked({ kind, href: url, resolution });
  if (resolution && "missing" in resolution) onMissing(url);
  return resolution && "url" in resolution ? resolution.url : null;
}

type Found = { url: string; isPage?: boolean; passThrough?: false } | { url?: never; passThrough: true };

function findPage(targets: UrlLookups, target: string, folderLike: boolean): Found | null {
  const page = (file: string) => targets.pages.get(file);
  const folder = (name: string) => targets.folders.get(name);
  // A link without an extension names a Markdown or an MDX page.
  const pageByStem = (stem: string) => page(`${stem}.md`) ?? page(`${stem}.mdx`);
  let url: string | undefined;
  // A page written as a folder (`/guides/setup/`) is how Starlight and Astro link pages.
  if (folderLike) url = folder(target) ?? (target === "" ? undefined : pageByStem(target));
  else if (PAGE_FILE.test(target)) url = page(target);
  else if (/\.html?$/i.test(target)) {
    const stem = target.replace(/\.html?$/i, "");
    const isIndex = stem === "index" || stem.endsWith("/index");
    url = isIndex ? folder(stem.replace(/\/?index$/, "")) : (pageByStem(stem) ?? folder(stem));
  } else url = pageByStem(target) ?? folder(target);
  return url === undefined ? null : { url, isPage: true };
}

function findFile(targets: UrlLookups, target: string, rootRelative: boolean): Found | null {
  // VitePress serves its public/ folder at the site's root.
  const candidates = rootRelative ? [`public/${target}`, target] : [target];
  for (const candidate of candidates) {
    const file = targets.files.get(candidate);
    if (file) return { url: fileUrl(candidate, file.version) };
  }
  return null;
}

/** Links already written as this site's URLs: kept when they lead somewhere, so they are not reported as broken. */
function findSiteUrl(targets: UrlLookups, target: string): Found | null {
  if (target === "guide" || target.startsWith("guide/")) {
    const url = pageUrl(target.slice("guide/".length));
    return targets.pageUrls.has(url) ? { url, isPage: true } : null;
  }
  if (target.startsWith("guide-files/")) return findFile(targets, target.slice("guide-files/".length), false);
  if (targets.sitePaths?.has(`/${target}`)) return { passThrough: true };
  return null;
}

/** `/docs/config.md` where the folder is the repository's `docs/`: the same link without that part. */
function findFromRepositoryRoot(targets: UrlLookups, target: string, find: (target: string) => Found | null): Found | null {
  for (const folder of targets.repositoryPaths ?? []) {
    if (target === folder || target.startsWith(`${folder}/`)) {
      const found = find(target.slice(folder.length + 1));
      if (found) return found;
    }
  }
  return null;
}

export function fileUrl(relativePath: string, version: string): string {
  return `/guide-files/${relativePath.split("/").map(encodeURIComponent).join("/")}?v=${encodeURIComponent(version)}`;
}

/** What encodeURIComponent leaves as it is, and the slashes between segments: most slugs are only these. */
const UNESCAPED_SLUG = /^[\w.!~*'()/-]*$/;

export function pageUrl(slug: string): string {
  if (slug === "") return "/guide";
  // Asked for every page at every start (50,000 at 50,000 pages): no splitting where nothing needs escaping.
  return `/guide/${UNESCAPED_SLUG.test(slug) ? slug : slug.split("/").map(encodeURIComponent).join("/")}`;
}
