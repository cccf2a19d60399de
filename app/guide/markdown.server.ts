import type { VFile } from "vfile";
import { renderMarkdown as render } from "./markdown/render-markdown.server";

/** Kept until guide.server.ts moves to markdown/render-markdown.server.ts; then it goes. */
export async function renderMarkdown(file: VFile): Promise<string> {
  const { html } = await render(String(file.value), { relativePath: file.path, resolveUrl: () => null });
  return html;
}
