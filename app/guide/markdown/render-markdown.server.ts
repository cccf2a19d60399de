import rehypeShiki from "@shikijs/rehype";
import type { Root as HastRoot } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import type { Root as MdastRoot } from "mdast";
import { toString as mdastToString } from "mdast-util-to-string";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeSanitize from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { VFile } from "vfile";
import type { PageHeading } from "../guide";

export type MarkdownContext = {
  /** The file relative to the content folder, "/"-separated. */
  relativePath: string;
  /** A URL to write instead of `url`, or null to leave it as written. */
  resolveUrl(url: string, kind: "link" | "image"): string | null;
};

export type RenderedMarkdown = {
  html: string;
  /** Text of a leading `# Heading`, which is then not in `html`. */
  title: string | null;
  /** Plain text of the first paragraph. */
  firstParagraph: string | null;
  /** The page's h2 and h3, in document order. */
  headings: PageHeading[];
};

type Data = { title: string | null; firstParagraph: string | null; headings: PageHeading[] };

// First version: the previous pipeline behind the new API; it grows plugin by plugin.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(() => (tree: MdastRoot, file: VFile) => {
    const data = file.data as Partial<Data>;
    const first = tree.children[0];
    data.title = null;
    if (first?.type === "heading" && first.depth === 1) {
      data.title = mdastToString(first).trim();
      tree.children.shift();
    }
    const paragraph = tree.children.find((node) => node.type === "paragraph");
    data.firstParagraph = paragraph ? mdastToString(paragraph).replace(/\s+/g, " ").trim() || null : null;
  })
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeSlug)
  .use(() => (tree: HastRoot, file: VFile) => {
    const headings: PageHeading[] = [];
    for (const node of tree.children) {
      if (node.type !== "element" || (node.tagName !== "h2" && node.tagName !== "h3")) continue;
      headings.push({ depth: node.tagName === "h2" ? 2 : 3, id: String(node.properties.id ?? ""), text: hastToString(node).trim() });
    }
    (file.data as Partial<Data>).headings = headings;
  })
  .use(rehypeAutolinkHeadings, {
    behavior: "append",
    properties: { className: ["heading-anchor"], ariaHidden: "true", tabIndex: -1 },
    content: { type: "text", value: "#" },
  })
  .use(rehypeShiki, {
    themes: { light: "github-light-default", dark: "github-dark-default" },
    defaultColor: "light-dark()",
    lazy: true,
    langs: [],
    fallbackLanguage: "text",
  })
  .use(rehypeStringify);

export async function renderMarkdown(markdown: string, context: MarkdownContext): Promise<RenderedMarkdown> {
  const file = new VFile({ path: context.relativePath, value: markdown });
  const html = String(await processor.process(file));
  const data = file.data as Partial<Data>;
  return { html, title: data.title ?? null, firstParagraph: data.firstParagraph ?? null, headings: data.headings ?? [] };
}
