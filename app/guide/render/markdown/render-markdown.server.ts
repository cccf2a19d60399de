import { transformerNotationHighlight } from "@shikijs/transformers";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import type { Root } from "hast";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { VFile } from "vfile";
import type { PageHeading } from "../../guide-types";
import type { HomeSections } from "../../guide-types";
import type { CategoryCard } from "./cards";
import { safeTree } from "./parse-and-sanitize";
import rehypeCodeBlocks from "./rehype/rehype-code-blocks";
import rehypeCollectHeadings from "./rehype/rehype-collect-headings";
import rehypeDemoteHeadings from "./rehype/rehype-demote-headings";
import rehypeDiagrams from "./rehype/rehype-diagrams";
import rehypeDisplayMath from "./rehype/rehype-display-math";
import rehypeHeadingIds from "./rehype/rehype-heading-ids";
import rehypeHomeSections from "./rehype/rehype-home-sections";
import rehypeKatexWhenPresent from "./rehype/rehype-katex-when-present";
import rehypeLazyImages from "./rehype/rehype-lazy-images";
import rehypeResolveUrls, { type ResolveUrl } from "./rehype/rehype-resolve-urls";
import rehypeTabSets from "./rehype/rehype-tab-sets";
import rehypeTaskListLabels from "./rehype/rehype-task-list-labels";
import rehypeThemeImages from "./rehype/rehype-theme-images";
import rehypeUserContentAnchors from "./rehype/rehype-user-content-anchors";
import rehypeShikiJavaScript from "./shiki/rehype-shiki-javascript";
import { transformerHighlightedLines } from "./shiki/shiki-highlighted-lines";
import { transformerPlainLines } from "./shiki/shiki-plain-lines";
import { pairedTheme, transformerTokenClasses } from "./shiki/shiki-token-classes";

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
  /** A home page's hero and features from its front matter, shown above its Markdown. */
  home?: HomeSections | null;
  /** What a Docusaurus <DocCardList /> on the page shows: the other pages of its folder. */
  categoryCards?: CategoryCard[];
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
  /** The tree `html` was written from: what search reads the page's sections from, rather than parsing `html` again. */
  tree: Root;
};

/**
 * Markdown of any of the common docs tools (GitHub, VitePress, Docusaurus,
 * Starlight, MkDocs, mdBook) to safe HTML, rendered once per file. The
 * pipeline reads as its list of plugins, one concern each:
 *
 * 1. Syntax of other tools is recognised in the Markdown: MkDocs' indented
 *    blocks and `:::` containers (before parsing, as lines), MDX/Vue leftovers,
 *    `{#id}` on headings, attribute lists on images, links and paragraphs,
 *    GitHub alerts, TeX between dollars, the content of hidden raw HTML elements; the leading
 *    `# Title` is taken out.
 * 2. Raw HTML is parsed (as on GitHub), other tools' components are mapped,
 *    and everything is sanitised with GitHub's rules; Starlight's and
 *    Docusaurus' layout components (steps, cards, file trees) become the
 *    site's markup just after. Nothing from the
 *    document reaches the page without passing the sanitiser; the plugins
 *    after it only add this site's own markup (or take out a leading raw
 *    HTML <h1>, which becomes the title).
 * 3. Section headings moved down a level when the author wrote them as `#`
 *    (the page's one <h1> is its title), a home page's hero and features
 *    from its front matter, heading ids
 *    (unprefixed, so author anchors work), formulas as MathML (KaTeX, from
 *    the TeX the sanitiser let through), images for one
 *    colour scheme shown in the site's theme, URLs through the site's
 *    resolver, lazy images, Mermaid fences as diagrams the browser draws,
 *    code blocks coloured by Shiki with
 *    classes, both themes at once through `light-dark()` in code.css.
 */

const processor = unified()
  .use(safeTree)
  .use(rehypeDemoteHeadings)
  .use(rehypeHomeSections)
  .use(rehypeHeadingIds)
  .use(rehypeUserContentAnchors)
  .use(rehypeCollectHeadings)
  .use(rehypeAutolinkHeadings, {
    behavior: "append",
    properties: { className: ["heading-anchor"], ariaHidden: "true", tabIndex: -1 },
    content: { type: "text", value: "#" },
  })
  // After the heading texts are taken (a formula in a heading reads as its
  // TeX there, as on GitHub) and before code blocks, which math fences are not.
  .use(rehypeKatexWhenPresent, {
    // MathML, which browsers lay out themselves: no stylesheet, no fonts, no script.
    output: "mathml",
    // TeX that KaTeX renders differently from LaTeX is still drawn, without warnings in the server's log.
    strict: "ignore",
    // A formula that cannot be drawn shows its TeX in the text's own colour (app.css marks it).
    errorColor: "inherit",
  })
  .use(rehypeDisplayMath)
  .use(rehypeThemeImages)
  .use(rehypeResolveUrls)
  .use(rehypeLazyImages)
  .use(rehypeTaskListLabels)
  .use(rehypeTabSets)
  .use(rehypeDiagrams)
  .use(rehypeCodeBlocks)
  .use(rehypeShikiJavaScript, {
    // The light and dark themes as one, tokenized once; classes carry both colours (see shiki-token-classes.ts).
    theme: pairedTheme,
    // Grammars load as fences need them: loading every bundled one up front
    // took 8.6 s of start-up; this way a page pays only for its languages.
    lazy: true,
    // An unknown fence language is shown as plain text rather than failing.
    fallbackLanguage: "text",
    transformers: [transformerHighlightedLines(), transformerNotationHighlight(), transformerTokenClasses(), transformerPlainLines()],
  })
  .use(rehypeKeepFinishedTree)
  .use(rehypeStringify)
  .freeze();

declare module "vfile" {
  interface DataMap {
    /** The tree the page's HTML is written from. */
    finishedTree: Root;
  }
}

/** Search reads a page's sections from its finished tree (search-sections.server.ts), rather than parsing its HTML again. */
function rehypeKeepFinishedTree() {
  return (tree: Root, file: VFile) => {
    file.data.finishedTree = tree;
  };
}

export async function renderMarkdown(markdown: string, context: MarkdownContext): Promise<RenderedMarkdown> {
  const file = new VFile({ path: context.relativePath, value: markdown, data: { resolveUrl: context.resolveUrl, ...(context.title && { pageTitle: context.title }), ...(context.home && { home: context.home }), ...(context.categoryCards && { categoryCards: context.categoryCards }) } });
  const html = String(await processor.process(file));
  return {
    html,
    tree: file.data.finishedTree!,
    title: file.data.title ?? null,
    titleId: file.data.titleId ?? null,
    firstParagraph: file.data.firstParagraph ?? null,
    headings: file.data.headings ?? [],
  };
}
