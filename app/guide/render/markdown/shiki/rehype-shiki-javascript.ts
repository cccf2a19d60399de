import type { Root } from "hast";
import rehypeShikiFromHighlighter from "@shikijs/rehype/core";
import type { RehypeShikiCoreOptions } from "@shikijs/rehype/core";
import { createBundledHighlighter } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { bundledLanguages } from "shiki/langs";
import type { ThemeRegistration } from "shiki";
import type { Processor } from "unified";

/**
 * @shikijs/rehype with Shiki's JavaScript regular-expression engine instead
 * of Oniguruma's WebAssembly. Oniguruma's memory, about 100 MB in every
 * render worker once a few grammars had run (BENCHMARKS.md), only ever
 * grows; with it a worker outgrew its share of the memory budget within 200
 * pages. The JavaScript engine keeps its compiled patterns as ordinary
 * RegExps the heap collects. `forgiving`: a pattern it cannot translate
 * fails to match rather than failing the page.
 *
 * The highlighter is made on the first page, as @shikijs/rehype does, with
 * no grammar: grammars load as fences need them (`lazy`). Made from Shiki's
 * core with the bundled grammars and the one theme given (the light and
 * dark themes as one, shiki-token-classes.ts), so that Oniguruma (`shiki`'s
 * default engine) and the other themes are not in the bundle at all.
 */
const createHighlighter = createBundledHighlighter({
  langs: bundledLanguages,
  // The one theme is given, not bundled: shiki-token-classes.ts makes it.
  themes: {},
  engine: () => createJavaScriptRegexEngine({ forgiving: true }),
});

export default function rehypeShikiJavaScript(this: Processor, options: RehypeShikiCoreOptions & { theme: ThemeRegistration }) {
  let handler: Promise<(tree: Root) => Promise<void> | void> | undefined;
  return async (tree: Root) => {
    handler ??= createHighlighter({ themes: [options.theme], langs: [] }).then((highlighter) => rehypeShikiFromHighlighter.call(this, highlighter, options) as (tree: Root) => Promise<void> | void);
    await (await handler)(tree);
  };
}
