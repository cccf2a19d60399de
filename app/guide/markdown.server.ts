import rehypeShiki from "@shikijs/rehype";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeSanitize from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { VFile } from "vfile";

/**
 * Markdown to HTML, once per file at start-up. Raw HTML in the Markdown is
 * dropped (remark-rehype's default) and what Markdown itself can express is
 * sanitised (links to javascript:, for one), so a folder of someone else's
 * docs cannot inject script. Code is coloured with both palettes at once through CSS
 * `light-dark()`, so highlighting follows the theme with no client script.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  // GitHub's rules: no javascript: or data: links, no event handlers.
  .use(rehypeSanitize)
  .use(rehypeSlug)
  .use(rehypeAutolinkHeadings, {
    behavior: "append",
    properties: { className: ["heading-anchor"], ariaHidden: "true", tabIndex: -1 },
    content: { type: "text", value: "#" },
  })
  .use(rehypeShiki, {
    themes: { light: "github-light-default", dark: "github-dark-default" },
    defaultColor: "light-dark()",
    // Grammars load as fences need them: loading every bundled one up front
    // took 8.6 s of start-up, this takes about 0.4 s for the whole guide.
    lazy: true,
    langs: [],
    // An unknown fence language is shown as plain text rather than failing start-up.
    fallbackLanguage: "text",
  })
  .use(rehypeStringify);

export async function renderMarkdown(file: VFile): Promise<string> {
  return String(await processor.process(file));
}
