import mermaid from "mermaid";
import { drawWithoutStyleElements, dropSheet } from "./mermaid-styles";

/**
 * Draws the page's Mermaid diagrams (the markup: diagram.ts in
 * app/guide/render/markdown/) in the site's theme. A script of its own,
 * loaded only by pages that have a diagram (diagram-script.tsx), so Mermaid
 * costs other pages nothing.
 *
 * The script runs once per document: React loads it with the first page
 * that has a diagram, whether the browser opened it or navigated to it, and
 * never again. So it watches the document and draws every diagram that
 * appears, also those of pages navigated to later; and it watches the
 * class on <html>, which says the theme, and draws each diagram again in a
 * new one.
 *
 * A drawing replaces the source, which moves into a "Diagram source"
 * disclosure below it: the text of the diagram, for anyone who wants it
 * and for assistive technology. A diagram that cannot be drawn keeps its
 * source in view, with a note saying so.
 */
type Theme = "light" | "dark";

const DIAGRAMS = 'figure[data-diagram="mermaid"]';
// Ids of the drawings' SVGs (their styles are scoped by it): unlike any id the article's headings get.
const ID_PREFIX = `mermaid-${Math.random().toString(36).slice(2, 8)}-`;

const drawnIn = new WeakMap<Element, Theme | "failed">();
const sheets = new Map<CSSStyleSheet, Element>();
let diagramCount = 0;
let mermaidTheme: Theme | null = null;

function currentTheme(): Theme {
  const root = document.documentElement.classList;
  if (root.contains("dark") || root.contains("light")) return root.contains("dark") ? "dark" : "light";
  // No class: the visitor's system setting, as the site's stylesheet has it.
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

async function draw(figure: HTMLElement, theme: Theme) {
  if (mermaidTheme !== theme) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: theme === "dark" ? "dark" : "default",
      // Mermaid's dark theme puts edge labels (#ccc) on #585858, under 4.5:1: on the site's dark border colour instead.
      themeVariables: theme === "dark" ? { edgeLabelBackground: "#2d333d" } : {},
      fontFamily: getComputedStyle(figure).fontFamily,
      // Mermaid 12 lays out with ELK unless told otherwise: 350 KB more to load for a flowchart.
      // Dagre is what GitHub's diagrams use; a diagram may still ask for ELK in its own config.
      layout: "dagre",
      // A diagram that cannot be drawn throws, rather than drawing an error picture.
      suppressErrorRendering: true,
    });
    mermaidTheme = theme;
  }
  const source = figure.querySelector("pre > code")?.textContent ?? "";
  // Where Mermaid lays the drawing out, unseen (diagrams.css), at the figure's width: in <body>, not in
  // the figure, which a navigation may take out of the page mid-drawing (Mermaid then measures nothing,
  // and the browser reports every NaN it writes into the drawing).
  const workspace = document.createElement("div");
  workspace.className = "diagram-workspace";
  workspace.style.width = `${figure.clientWidth}px`;
  workspace.style.fontSize = getComputedStyle(figure).fontSize;
  document.body.append(workspace);
  try {
    const { svg, sheet } = await drawWithoutStyleElements(`${ID_PREFIX}${++diagramCount}`, source, workspace);
    // Gone from the page while it was drawn: nothing to show it in.
    if (!figure.isConnected) {
      dropSheet(sheet);
      return;
    }
    show(figure, svg, sheet);
    drawnIn.set(figure, theme);
  } catch (error) {
    showFailure(figure, error);
    drawnIn.set(figure, "failed");
  } finally {
    workspace.remove();
  }
}

function show(figure: HTMLElement, svg: string, sheet: CSSStyleSheet) {
  let drawing = figure.querySelector(":scope > .diagram-drawing");
  if (!drawing) {
    const pre = figure.querySelector(":scope > pre")!;
    drawing = document.createElement("div");
    drawing.className = "diagram-drawing";
    const source = document.createElement("details");
    source.className = "diagram-source";
    const summary = document.createElement("summary");
    summary.textContent = "Diagram source";
    pre.before(drawing, source);
    source.append(summary, pre);
  }
  // The drawing it replaces, in the other theme, takes its styles with it.
  for (const [old, element] of sheets) if (drawing.contains(element)) forget(old);
  drawing.innerHTML = svg;
  const image = drawing.querySelector("svg")!;
  sheets.set(sheet, image);
  // One image, named by the author's accTitle where given, else by the figure's caption.
  image.setAttribute("role", "img");
  image.removeAttribute("aria-roledescription");
  if (!image.hasAttribute("aria-labelledby")) image.setAttribute("aria-label", figure.querySelector(":scope > figcaption")?.textContent || "Diagram");
}

function showFailure(figure: HTMLElement, error: unknown) {
  const note = document.createElement("p");
  note.className = "diagram-error";
  const reason = error instanceof Error ? error.message.split("\n")[0] : "";
  note.textContent = `This diagram could not be drawn${reason ? `: ${reason}` : "."}`;
  figure.append(note);
}

function forget(sheet: CSSStyleSheet) {
  dropSheet(sheet);
  sheets.delete(sheet);
}

async function drawAll() {
  // The styles of drawings no longer on the page (another page was navigated to) go.
  for (const [sheet, element] of sheets) if (!element.isConnected) forget(sheet);
  for (const figure of document.querySelectorAll<HTMLElement>(DIAGRAMS)) {
    const theme = currentTheme();
    const drawn = drawnIn.get(figure);
    if (drawn !== theme && drawn !== "failed") await draw(figure, theme);
  }
}

// One pass at a time (Mermaid draws one diagram at a time); a request during a pass makes one more.
let busy = false;
let requested = false;
async function requestDrawing() {
  requested = true;
  if (busy) return;
  busy = true;
  try {
    // Text is measured in the page's own font once it has loaded (or been given up on).
    await document.fonts.ready;
    while (requested) {
      requested = false;
      await drawAll();
    }
  } finally {
    // In the same turn as the last look at `requested`: no request falls in between.
    busy = false;
  }
}

new MutationObserver((mutations) => {
  if (mutations.some((mutation) => [...mutation.addedNodes].some((node) => node.nodeType === Node.ELEMENT_NODE))) void requestDrawing();
}).observe(document.documentElement, { childList: true, subtree: true });
new MutationObserver(() => void requestDrawing()).observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => void requestDrawing());
void requestDrawing();
