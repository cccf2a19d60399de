import rehypeShiki from "@shikijs/rehype";
import { transformerNotationHighlight } from "@shikijs/transformers";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified, type Preset } from "unified";
import { VFile } from "vfile";
import type { PageHeading } from "../guide";
import { calloutHandler } from "./callout";
import rehypeCodeBlocks from "./rehype-code-blocks";
import rehypeCollectHeadings from "./rehype-collect-headings";
import rehypeForeignComponents from "./rehype-foreign-components";
import rehypeHeadingIds from "./rehype-heading-ids";
import rehypeLazyImages from "./rehype-lazy-images";
import rehypeLeadingTitle from "./rehype-leading-title";
import rehypeRawWhenPresent from "./rehype-raw-when-present";
import rehypeResolveUrls, { type ResolveUrl } from "./rehype-resolve-urls";
import rehypeTaskListLabels from "./rehype-task-list-labels";
import rehypeUserContentAnchors from "./rehype-user-content-anchors";
import remarkAttributeLists from "./remark-attribute-lists";
import remarkCodeMeta from "./remark-code-meta";
import remarkContainers from "./remark-containers";
import remarkCustomHeadingIds from "./remark-custom-heading-ids";
import remarkFirstParagraph from "./remark-first-paragraph";
import remarkForeignSyntax from "./remark-foreign-syntax";
import remarkGithubAlerts from "./remark-github-alerts";
import remarkHiddenHtml from "./remark-hidden-html";
import remarkLeadingTitle from "./remark-leading-title";
import remarkMkdocsBlocks from "./remark-mkdocs-blocks";
import { sanitizeSchema } from "./sanitize-schema";
import { transformerHighlightedLines } from "./shiki-highlighted-lines";
import { shikiThemes, transformerTokenClasses } from "./shiki-token-classes";
import { tabHandler } from "./tab";

export type MarkdownContext = {
  /** The file relative to the content folder, "/"-separated. */
  relativePath: string;
  /** A URL to write instead of `url`, or null to leave it as written. */
  resolveUrl: ResolveUrl;
  /**
   * The page's title, given the text of the document's leading heading (null
   * when it has none): front matter or the file name may name it instead.
   * Without it, the leading heading is the title. Its id is chosen with the
   * article's heading ids, so the two never clash.
   */
  title?: (leading: string | null) => string | null;
};

export type RenderedMarkdown = {
  html: string;
  /** Text of a leading `# Heading` or raw HTML <h1>, which is then not in `html`. */
  title: string | null;
  /** The id for the page's <h1>: the slug of its title, unique among the ids in `html`; null without a title. */
  titleId: string | null;
  /** Plain text of the first top-level paragraph, whitespace collapsed. */
  firstParagraph: string | null;
  /** The page's h2 and h3, in document order. */
  headings: PageHeading[];
};

/**
 * Markdown of any of the common docs tools (GitHub, VitePress, Docusaurus,
 * Starlight, MkDocs, mdBook) to safe HTML, rendered once per file. The
 * pipeline reads as its list of plugins, one concern each:
 *
 * 1. Syntax of other tools is recognised in the Markdown: MkDocs' indented
 *    blocks and `:::` containers (before parsing, as lines), MDX/Vue leftovers,
 *    `{#id}` on headings, attribute lists on images, links and paragraphs,
 *    GitHub alerts, the content of hidden raw HTML elements; the leading
 *    `# Title` is taken out.
 * 2. Raw HTML is parsed (as on GitHub), other tools' components are mapped,
 *    and everything is sanitised with GitHub's rules. Nothing from the
 *    document reaches the page without passing the sanitiser; the plugins
 *    after it only add this site's own markup (or take out a leading raw
 *    HTML <h1>, which becomes the title).
 * 3. Heading ids (unprefixed, so author anchors work), URLs through the
 *    site's resolver, lazy images, code blocks coloured by Shiki with
 *    classes, both themes at once through `light-dark()` in code.css.
 */
const safeTree = {
  plugins: [
    remarkParse,
    remarkMkdocsBlocks,
    remarkContainers,
    remarkForeignSyntax,
    remarkGfm,
    remarkHiddenHtml,
    remarkCustomHeadingIds,
    remarkAttributeLists,
    remarkGithubAlerts,
    remarkLeadingTitle,
    remarkFirstParagraph,
    remarkCodeMeta,
    // Footnote ids get their prefix from the sanitiser, like every other id.
    [remarkRehype, { allowDangerousHtml: true, clobberPrefix: "", handlers: { callout: calloutHandler, tab: tabHandler } }],
    rehypeRawWhenPresent,
    rehypeForeignComponents,
    [rehypeSanitize, sanitizeSchema],
    rehypeLeadingTitle,
  ],
} satisfies Preset;

const processor = unified()
  .use(safeTree)
  .use(rehypeHeadingIds)
  .use(rehypeUserContentAnchors)
  .use(rehypeCollectHeadings)
  .use(rehypeAutolinkHeadings, {
    behavior: "append",
    properties: { className: ["heading-anchor"], ariaHidden: "true", tabIndex: -1 },
    content: { type: "text", value: "#" },
  })
  .use(rehypeResolveUrls)
  .use(rehypeLazyImages)
  .use(rehypeTaskListLabels)
  .use(rehypeCodeBlocks)
  .use(rehypeShiki, {
    themes: shikiThemes,
    // No colour is the default: classes carry both (see shiki-token-classes.ts).
    defaultColor: false,
    // Grammars load as fences need them: loading every bundled one up front
    // took 8.6 s of start-up; this way a page pays only for its languages.
    lazy: true,
    langs: [],
    // An unknown fence language is shown as plain text rather than failing.
    fallbackLanguage: "text",
    transformers: [transformerHighlightedLines(), transformerNotationHighlight(), transformerTokenClasses()],
  })
  .use(rehypeStringify)
  .freeze();

export async function renderMarkdown(markdown: string, context: MarkdownContext): Promise<RenderedMarkdown> {
  const file = new VFile({ path: context.relativePath, value: markdown, data: { resolveUrl: context.resolveUrl, ...(context.title && { pageTitle: context.title }) } });
  const html = String(await processor.process(file));
  return {
    html,
    title: file.data.title ?? null,
    titleId: file.data.titleId ?? null,
    firstParagraph: file.data.firstParagraph ?? null,
    headings: file.data.headings ?? [],
  };
}

/** Up to here is read for a leading title; an h1 further down is not at the top of anything. */
const LEADING_LINES = 80;
const titleProcessor = unified().use(safeTree).freeze();

/**
 * The text of the document's leading title, as renderMarkdown finds it (a
 * leading `# Heading`, or a raw HTML <h1> after a logo), without rendering
 * the rest: the navigation needs every page's title when the server starts,
 * long before anyone reads most pages. Only the opening of the document is
 * parsed, up to the blank line after the first line that can hold an h1.
 * Markdown's blocks are read top down, so the opening parses as it does in
 * the whole document (with the document's link definitions, for a title
 * that uses one). read-leading-title.server.test.ts holds the two to the
 * same answer on every fixture.
 */
export function readLeadingTitle(markdown: string, relativePath: string): string | null {
  const opening = openingBlocks(markdown);
  if (opening === null) return null;
  const file = new VFile({ path: relativePath, value: opening });
  titleProcessor.runSync(titleProcessor.parse(file), file);
  return file.data.title ?? null;
}

/** The lines up to the blank line that ends the first block holding an h1 (ATX, Setext or raw HTML); null when none starts near the top. */
function openingBlocks(markdown: string): string | null {
  const lines = markdown.split("\n", LEADING_LINES + 40);
  const h1 = lines.findIndex((line, index) => index < LEADING_LINES && /^ {0,3}(?:#(?:[ \t]|$)|=+[ \t]*$)|<h1[\s>]/i.test(line));
  if (h1 === -1) return null;
  // A raw <h1> may close lines later; the block ends at the blank line after it.
  let end = h1;
  if (/<h1[\s>]/i.test(lines[h1]!)) while (end < lines.length - 1 && !/<\/h1\s*>/i.test(lines[end]!)) end++;
  while (end < lines.length && lines[end]!.trim() !== "") end++;
  const opening = lines.slice(0, end).join("\n");
  // A reference link in the title (`# The [guide][g]`) needs its definition, which may come anywhere.
  if (!opening.includes("]")) return opening;
  const definitions = markdown.slice(opening.length).match(/^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm) ?? [];
  return definitions.length > 0 ? `${opening}\n\n${definitions.join("\n")}` : opening;
}
