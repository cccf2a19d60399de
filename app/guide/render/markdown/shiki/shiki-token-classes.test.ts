import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../render-markdown.server";
import { tokenClassesCss } from "./shiki-token-classes";

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
});
