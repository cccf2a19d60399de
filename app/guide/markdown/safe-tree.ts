import rehypeSanitize from "rehype-sanitize";
import { defListHastHandlers, remarkDefinitionList } from "remark-definition-list";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Preset } from "unified";
import { calloutHandler } from "./callout";
import rehypeForeignComponents from "./rehype-foreign-components";
import rehypeLeadingTitle from "./rehype-leading-title";
import rehypeRawWhenPresent from "./rehype-raw-when-present";
import remarkAbbreviations from "./remark-abbreviations";
import remarkAttributeLists from "./remark-attribute-lists";
import remarkCodeMeta from "./remark-code-meta";
import remarkContainers from "./remark-containers";
import remarkCustomHeadingIds from "./remark-custom-heading-ids";
import remarkMathDelimiters from "./remark-math-delimiters";
import remarkEmojiShortcodes from "./remark-emoji-shortcodes";
import remarkFirstParagraph from "./remark-first-paragraph";
import remarkForeignSyntax from "./remark-foreign-syntax";
import remarkGithubAlerts from "./remark-github-alerts";
import remarkHiddenHtml from "./remark-hidden-html";
import remarkKeys from "./remark-keys";
import remarkLeadingTitle from "./remark-leading-title";
import remarkMark from "./remark-mark";
import remarkMkdocsBlocks from "./remark-mkdocs-blocks";
import remarkRustHiddenLines from "./remark-rust-hidden-lines";
import { sanitizeSchema } from "./sanitize-schema";
import { tabHandler } from "./tab";

/**
 * Markdown of any of the common docs tools to a sanitised HTML tree, with
 * the leading title taken out: the first half of render-markdown.server.ts,
 * and all that read-leading-title.server.ts runs on a page's opening.
 */
export const safeTree = {
  plugins: [
    remarkParse,
    // First after the parser: it keeps the source the parser reads (see its comment).
    remarkMathDelimiters,
    remarkMkdocsBlocks,
    remarkContainers,
    remarkForeignSyntax,
    remarkGfm,
    // MkDocs' (and PHP Markdown Extra's) `Term` / `:   Definition`.
    remarkDefinitionList,
    remarkHiddenHtml,
    remarkCustomHeadingIds,
    remarkEmojiShortcodes,
    remarkKeys,
    remarkMark,
    remarkAbbreviations,
    remarkAttributeLists,
    remarkGithubAlerts,
    remarkLeadingTitle,
    remarkFirstParagraph,
    remarkCodeMeta,
    remarkRustHiddenLines,
    // Footnote ids get their prefix from the sanitiser, like every other id.
    [remarkRehype, { allowDangerousHtml: true, clobberPrefix: "", handlers: { ...defListHastHandlers, callout: calloutHandler, tab: tabHandler } }],
    rehypeRawWhenPresent,
    rehypeForeignComponents,
    [rehypeSanitize, sanitizeSchema],
    rehypeLeadingTitle,
  ],
} satisfies Preset;
