import type { Element } from "hast";

/**
 * A Mermaid diagram as the page sends it: a figure holding the diagram's
 * source as a plain code block, so that a reader without JavaScript sees the
 * source as code. The browser draws it (app/diagrams/draw-diagrams.ts), on
 * pages that have one only. Made after sanitising (rehype/rehype-diagrams.ts),
 * and the sanitiser lets neither the class nor the attribute through from
 * raw HTML: only a fence makes this markup.
 */
const KIND = "mermaid";

/**
 * How every diagram's markup begins, as the server writes it and as a
 * browser serialises it back (sent-once.ts reads the article from the page):
 * text in the HTML cannot hold it (its "<" is escaped), nor can an attribute
 * value (its quotes are).
 */
const OPENING = `<figure class="diagram" data-diagram="${KIND}"`;

export function diagramElement(source: string, caption: string | null): Element {
  const code: Element = {
    type: "element",
    tagName: "pre",
    properties: {},
    children: [{ type: "element", tagName: "code", properties: {}, children: [{ type: "text", value: source }] }],
  };
  return {
    type: "element",
    tagName: "figure",
    properties: { className: ["diagram"], dataDiagram: KIND },
    children: caption ? [{ type: "element", tagName: "figcaption", properties: {}, children: [{ type: "text", value: caption }] }, code] : [code],
  };
}

/** Whether an article's HTML holds a diagram: such a page, and only such a page, loads the script that draws them. */
export function hasDiagrams(html: string): boolean {
  return html.includes(OPENING);
}
