import type { RenderResult } from "../../../render/render-page.server";

/**
 * A large RenderResult that names its writer and write at both ends of its
 * HTML and in between: a reader given half of one entry and half of another
 * would find a payload that is not one of these.
 */
export function payload(writer: string, time: number, characters = 200_000): RenderResult {
  const mark = `[${writer}:${time}]`;
  const body = `<p>${mark} ${"λόγος ".repeat(4)}</p>\n`.repeat(Math.ceil(characters / 40)).slice(0, characters);
  return {
    leadingTitle: mark,
    titleId: `title-${writer}`,
    description: mark,
    subtitle: null,
    html: `${mark}${body}${mark}`,
    headings: [{ depth: 2, id: `h-${writer}-${time}`, text: mark }],
    brokenHrefs: [],
    links: [{ kind: "link", href: `./${writer}.md`, resolution: { url: `/guide/${writer}` } }],
    sections: [{ url: "/guide/a", pageTitle: mark, sectionTitle: null, parentTitle: null, context: mark, text: mark }],
  };
}
