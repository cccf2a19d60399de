import fs from "node:fs";
import { renderMarkdown, type MarkdownContext } from "../render-markdown.server";

export function readFixture(name: string): string {
  return fs.readFileSync(new URL(name, import.meta.url), "utf8");
}

export async function render(markdown: string, resolveUrl: MarkdownContext["resolveUrl"] = () => null) {
  return renderMarkdown(markdown, { relativePath: "page.md", resolveUrl });
}

export async function renderFixture(name: string, resolveUrl?: MarkdownContext["resolveUrl"]) {
  return render(readFixture(name), resolveUrl);
}

/** The visible text of some HTML, roughly: tags out, whitespace collapsed, common entities back. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x3C;/g, "<")
    .replace(/&#x26;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

/** The text of the first code block a piece of Markdown renders to, highlighting out, line breaks shown as ⏎. */
export async function codeText(markdown: string): Promise<string> {
  const { html } = await render(markdown);
  const code = /<code>([\s\S]*)<\/code>/.exec(html)?.[1] ?? "";
  return code.replace(/<[^>]+>/g, "").replace(/&#x3C;/g, "<").replace(/&#x26;/g, "&").replace(/\n/g, " ⏎ ");
}
