import mermaid from "mermaid";

/**
 * Mermaid writes each diagram's CSS into a <style> element inside its SVG
 * (and some diagrams a second one, for reduced motion). The page's
 * Content-Security-Policy refuses <style> elements (style-src 'self': a
 * console error each, and an unstyled diagram), and is not loosened for
 * them. So while a diagram is drawn, `document.createElement("style")` and
 * `createElementNS(…, "style")` give an inert element, and whatever CSS
 * Mermaid writes into it goes into a constructed stylesheet that the
 * document adopts, which style-src does not govern (tab-sets-script.tsx
 * does the same). The sheet applies while Mermaid measures the text, so the
 * drawing is sized in the fonts it is shown in; Mermaid's own sanitiser
 * leaves the inert element out of the SVG it returns.
 *
 * Nothing else on these pages makes a <style> element (the policy would
 * refuse it), so nothing else is caught while the hook is in place. The
 * version of Mermaid is pinned: a new one that made its styles another way
 * would show in diagrams.spec.ts, which fails on any console message.
 */
export type DrawnDiagram = { svg: string; sheet: CSSStyleSheet };

const { createElement, createElementNS } = Document.prototype;

/** Draws `source` as the SVG of id `id`, laid out in `workspace`; its styles are in `sheet`, adopted already. */
export async function drawWithoutStyleElements(id: string, source: string, workspace: HTMLElement): Promise<DrawnDiagram> {
  const sheet = new CSSStyleSheet();
  const rules = new Set<string>();
  const take = (css: string) => {
    rules.add(String(css));
    // No diagram moves for a reader who asked for less motion (Mermaid animates edges on request).
    sheet.replaceSync(`${[...rules].join("\n")}\n@media (prefers-reduced-motion: reduce) { #${id}, #${id} * { animation: none !important; transition: none !important; } }`);
  };
  const inert = () => {
    const holder = createElement.call(document, "template");
    for (const property of ["innerHTML", "textContent"]) Object.defineProperty(holder, property, { set: take, get: () => "" });
    return holder;
  };
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  document.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    return tagName.toLowerCase() === "style" ? inert() : createElement.call(this, tagName, options);
  } as typeof document.createElement;
  document.createElementNS = function (this: Document, namespace: string | null, name: string, options?: ElementCreationOptions | string) {
    return name === "style" ? inert() : createElementNS.call(this, namespace, name, options);
  } as typeof document.createElementNS;
  try {
    const { svg } = await mermaid.render(id, source, workspace);
    return { svg, sheet };
  } catch (error) {
    dropSheet(sheet);
    throw error;
  } finally {
    // Own properties of this document only: the prototype's methods show through again.
    Reflect.deleteProperty(document, "createElement");
    Reflect.deleteProperty(document, "createElementNS");
  }
}

export function dropSheet(sheet: CSSStyleSheet) {
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
}
