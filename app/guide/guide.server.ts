import fs from "node:fs/promises";
import path from "node:path";
import { VFile } from "vfile";
import { matter } from "vfile-matter";
import { z } from "zod";
import { renderMarkdown } from "./markdown.server";

/**
 * The guide: every Markdown file of a content folder, parsed, validated and
 * rendered once when the server starts. Requests only look pages up in
 * memory, so no request ever touches the file system.
 */

const frontMatterSchema = z.strictObject({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  order: z.number().int(),
});

export type GuidePage = {
  /** The Markdown file it comes from. */
  file: string;
  /** Path below /guide, e.g. "deployment/replicas"; "" never occurs. */
  slug: string;
  url: string;
  title: string;
  description: string;
  order: number;
  html: string;
};

export type GuideNavItem = {
  title: string;
  url: string;
  children: GuideNavItem[];
};

export type Guide = {
  /** Pages in reading order: depth first, each folder's page before its children. */
  pages: GuidePage[];
  nav: GuideNavItem[];
  findPage(slug: string): GuidePage | undefined;
};

export class GuideContentError extends Error {
  override name = "GuideContentError";
}

export async function loadGuide(contentDir: string): Promise<Guide> {
  const root = await fs.realpath(contentDir).catch(() => {
    throw new GuideContentError(`Content folder not found: ${contentDir}`);
  });
  const files = await listMarkdownFiles(root);
  const pages = await Promise.all(files.map((file) => loadPage(root, file)));
  if (pages.length === 0) throw new GuideContentError(`No Markdown files in ${root}`);
  assertUniqueSlugs(pages);

  const tree = buildTree(pages);
  const ordered = flatten(tree);
  const bySlug = new Map(ordered.map((page) => [page.slug, page]));
  return {
    pages: ordered,
    nav: toNav(tree),
    findPage: (slug) => bySlug.get(slug),
  };
}

/** "deployment/index.md" → "deployment"; "themes.md" → "themes". */
export function slugFromFile(relativePath: string): string {
  const parts = relativePath.split(path.sep).join("/").replace(/\.md$/i, "").split("/");
  if (parts.at(-1) === "index") parts.pop();
  return parts.join("/");
}

async function listMarkdownFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.name.toLowerCase().endsWith(".md") || entry.name.startsWith(".")) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    // A link inside the folder must not publish a file from outside it.
    const real = await fs.realpath(absolute);
    if (real !== root && !real.startsWith(root + path.sep)) {
      throw new GuideContentError(`${absolute}: links to ${real}, outside the content folder`);
    }
    files.push(path.relative(root, absolute));
  }
  return files.sort();
}

async function loadPage(root: string, relativePath: string): Promise<GuidePage> {
  const absolute = path.join(root, relativePath);
  const file = new VFile({ path: absolute, value: await fs.readFile(absolute, "utf8") });
  try {
    matter(file, { strip: true });
  } catch (error) {
    throw new GuideContentError(`${absolute}: front matter is not valid YAML: ${(error as Error).message}`);
  }
  const parsed = frontMatterSchema.safeParse(file.data.matter);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "front matter"}: ${issue.message}`)
      .join("; ");
    throw new GuideContentError(`${absolute}: ${problems}`);
  }
  const slug = slugFromFile(relativePath);
  if (slug === "") throw new GuideContentError(`${absolute}: the top-level index.md has no page of its own; /guide lists the pages`);
  return { file: absolute, slug, url: `/guide/${slug}`, ...parsed.data, html: await renderMarkdown(file) };
}

function assertUniqueSlugs(pages: GuidePage[]) {
  const seen = new Map<string, string>();
  for (const page of pages) {
    const other = seen.get(page.slug);
    if (other) throw new GuideContentError(`${other} and ${page.file} both give the page /guide/${page.slug}`);
    seen.set(page.slug, page.file);
  }
}

type TreeNode = { page: GuidePage; children: TreeNode[] };

/** A page is the child of the page whose slug is its folder ("a/b" under "a"). */
function buildTree(pages: GuidePage[]): TreeNode[] {
  const nodes = new Map(pages.map((page) => [page.slug, { page, children: [] } as TreeNode]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parentSlug = node.page.slug.split("/").slice(0, -1).join("/");
    const parent = nodes.get(parentSlug);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: TreeNode[]) => {
    list.sort((a, b) => a.page.order - b.page.order || a.page.slug.localeCompare(b.page.slug));
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

function flatten(tree: TreeNode[]): GuidePage[] {
  return tree.flatMap((node) => [node.page, ...flatten(node.children)]);
}

function toNav(tree: TreeNode[]): GuideNavItem[] {
  return tree.map(({ page, children }) => ({ title: page.title, url: page.url, children: toNav(children) }));
}
