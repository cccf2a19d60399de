import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../render-markdown.server";
import { createHighlighter, type BundledLanguage } from "shiki";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { pairedTheme, pairOf, shikiThemes, tokenClassesCss } from "./shiki-token-classes";

const context = { relativePath: "code.md", resolveUrl: () => null };
const codeCss = new URL("../../../../styles/code.css", import.meta.url);
const startMarker = "/* token classes: generated, see app/guide/render/markdown/shiki/shiki-token-classes.test.ts */";
const endMarker = "/* end of token classes */";

/** code.css with its generated block brought up to date. */
function withTokenCss(css: string): string {
  const start = css.indexOf(startMarker);
  const end = css.indexOf(endMarker);
  if (start === -1 || end === -1) throw new Error("code.css: token class markers not found");
  return `${css.slice(0, start + startMarker.length)}\n${tokenClassesCss()}\n${css.slice(end)}`;
}

describe("token classes", () => {
  it("colours tokens with classes, not a style on each token", async () => {
    const { html } = await renderMarkdown(fs.readFileSync(new URL("../__fixtures__/code-fences.md", import.meta.url), "utf8"), context);
    expect(html).toMatch(/<span class="tk\d+">/);
    expect(html).not.toContain("style=");
    expect(html).not.toContain("--shiki");
  });

  // After a Shiki update changes the themes: UPDATE_TOKEN_CSS=1 npx vitest run app/guide/render/markdown/shiki/shiki-token-classes.test.ts
  it("has a rule in code.css for every class it gives", () => {
    const css = fs.readFileSync(codeCss, "utf8");
    if (process.env.UPDATE_TOKEN_CSS) fs.writeFileSync(codeCss, withTokenCss(css));
    const current = fs.readFileSync(codeCss, "utf8");
    expect(current, "code.css is stale: run with UPDATE_TOKEN_CSS=1").toBe(withTokenCss(current));
    expect(current).toContain(".shiki .tk1 { color: light-dark(");
  });

  it("keeps bold and italic as classes of their own", () => {
    expect(tokenClassesCss()).toContain(".shiki .tk-i { font-style: italic; }");
    expect(tokenClassesCss()).toContain(".shiki .tk-b { font-weight: bold; }");
  });

  it("tokenizes once with the paired theme, and every token gets the light and dark colours and fonts Shiki's two themes give it", async () => {
    const samples: Partial<Record<BundledLanguage, string>> = {
      ts: "export async function load(id: number): Promise<Station> {\n  // a comment\n  return fetch(`/api/${id}`).then((r) => r.json() as Station);\n}",
      python: "@dataclass\nclass Gauge:\n    level: float = 0.0  # metres\n    def rise(self, by=1): return f\"{self.level + by}\"",
      rust: "impl<T: Clone> Stack<T> { pub fn peek(&self) -> Option<&T> { self.items.last() } }",
      css: "@media (prefers-color-scheme: dark) { :root { --accent: #58a6ff; } a:hover { color: var(--accent) !important; } }",
      html: '<!doctype html><a href="/guide" class="x" data-n=1>Guide &amp; more</a><script>let a = 1;</script>',
      diff: "--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-const a = 1;\n+const a = 2;",
      markdown: "# Title\n\n**bold**, _italic_, ~~gone~~, `code` and [a link](https://example.com)\n\n> quoted",
      yaml: "server:\n  port: 8080 # the port\n  hosts: [a, 'b', \"c\"]\n  enabled: true",
      bash: 'for f in *.md; do echo "$f" | sed -e \'s/a/b/\' > "/tmp/${f%.md}.txt"; done',
    };
    const highlighter = await createHighlighter({ themes: [...Object.values(shikiThemes), pairedTheme], langs: Object.keys(samples) as BundledLanguage[], engine: createJavaScriptRegexEngine({ forgiving: true }) });
    for (const [lang, code] of Object.entries(samples) as [BundledLanguage, string][]) {
      // No time limit: a line cut short on a cold grammar would differ by timing, not by theme.
      const twoThemes = highlighter.codeToTokensWithThemes(code, { lang, themes: shikiThemes, tokenizeTimeLimit: 0 });
      const paired = highlighter.codeToTokensBase(code, { lang, theme: pairedTheme, tokenizeTimeLimit: 0 });
      const expected = twoThemes.map((line) =>
        line.map(({ content, variants }) => ({ content, light: variants.light!.color?.toLowerCase(), dark: variants.dark!.color?.toLowerCase(), fontStyle: variants.light!.fontStyle ?? 0 })),
      );
      const actual = paired.map((line) => line.map(({ content, color, fontStyle }) => ({ content, ...pairOf(color!), fontStyle: fontStyle ?? 0 })));
      expect(actual, lang).toEqual(expected);
    }
  });
});
