import rehypeSanitize from "rehype-sanitize";
import { defListHastHandlers, remarkDefinitionList } from "remark-definition-list";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Preset } from "unified";
import { calloutHandler } from "./callout";
import rehypeDocsComponents from "./rehype/rehype-docs-components";
import rehypeForeignComponents from "./rehype/rehype-foreign-components";
import rehypeLeadingTitle from "./rehype/rehype-leading-title";
import rehypeRawWhenPresent from "./rehype/rehype-raw-when-present";
import remarkAbbreviations from "./remark/remark-abbreviations";
import remarkAttributeLists from "./remark/remark-attribute-lists";
import remarkCodeMeta from "./remark/remark-code-meta";
import remarkContainers from "./remark/remark-containers";
import remarkCustomHeadingIds from "./remark/remark-custom-heading-ids";
import remarkMathDelimiters from "./remark/remark-math-delimiters";
import remarkEmojiShortcodes from "./remark/remark-emoji-shortcodes";
import remarkFenceLanguage from "./remark/remark-fence-language";
import remarkFirstParagraph from "./remark/remark-first-paragraph";
import remarkForeignSyntax from "./remark/remark-foreign-syntax";
import remarkGithubAlerts from "./remark/remark-github-alerts";
import remarkHiddenHtml from "./remark/remark-hidden-html";
import remarkKeys from "./remark/remark-keys";
import remarkLeadingTitle from "./remark/remark-leading-title";
import remarkMark from "./remark/remark-mark";
import remarkMkdocsBlocks from "./remark/remark-mkdocs-blocks";
import remarkTabSets from "./remark/remark-tab-sets";
import remarkRustHiddenLines from "./remark/remark-rust-hidden-lines";
import remarkTwoslashHiddenLines from "./remark/remark-twoslash-hidden-lines";
import { sanitizeSchema } from "./sanitize-schema";
import { tabHandler, tabSetHandler } from "./tab";

/**
 * Markdown of any of the common docs tools to a sanitised HTML tree, with
 * the leading title taken out: the first half of render-markdown.server.ts,
 * and all that load/read-leading-title.server.ts runs on a page's opening.
 */
export const safeTree = {
  plugins: [
    remarkParse,
    // First after the parser: it keeps the source the parser reads (see its comment).
    remarkMathDelimiters,
    remarkMkdocsBlocks,
    remarkContainers,
    // Before the code groups, whose tabs a fence's language may label.
    remarkFenceLanguage,
    remarkTabSets,
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
    remarkTwoslashHiddenLines,
    // Footnote ids get their prefix from the sanitiser, like every other id.
    [remarkRehype, { allowDangerousHtml: true, clobberPrefix: "", handlers: { ...defListHastHandlers, callout: calloutHandler, tab: tabHandler, tabSet: tabSetHandler } }],
    rehypeRawWhenPresent,
    rehypeForeignComponents,
    [rehypeSanitize, sanitizeSchema],
    // Components whose markup raw HTML may not write: made after the sanitiser.
    rehypeDocsComponents,
    rehypeLeadingTitle,
  ],
} satisfies Preset;
