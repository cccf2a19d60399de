import type { Element, ElementContent, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString } from "hast-util-to-string";
import type { RenderedPage } from "../guide-types";
import { UNSEARCHED_ELEMENTS } from "./unsearched-elements";

/**
 * What search keeps of a rendered page: one section for its introduction
 * (what comes before its first h2) and one for each h2 and h3, as plain
 * text. Made where the page is rendered (the render worker), so only these
 * few strings travel to the server's index (search/search-index.server.ts).
 */

/** What a page contributes to the index (a RenderedPage has all of it). */
export type SearchablePage = Pick<RenderedPage, "url" | "title" | "description" | "html">;
/** The same without its HTML, for a page whose tree is at hand. */
type PageNames = Omit<SearchablePage, "html">;

type SectionDraft = { id: string | null; heading: string | null; parentHeading: string | null; parts: string[] };

const SECTION_HEADINGS = new Set(["h2", "h3"]);
/** Elements whose text runs into its neighbours'; every other element is a block and gets a space around it. */
const INLINE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q", "s",
  "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
]);

/** What the index keeps of a page: its introduction and each h2 and h3, as plain text. */
export type SearchSection = {
  url: string;
  pageTitle: string;
  sectionTitle: string | null;
  /** For an h3, the h2 above it, which a result names between the page and the section: a page's "Example" under each of its functions reads apart. Null for an h2 and the introduction. */
  parentTitle: string | null;
  /** The page's title, and for an h3 the h2 above it: found, but weighed less than the section's own heading. */
  context: string;
  text: string;
};

export function searchSections(page: SearchablePage): SearchSection[] {
  return searchSectionsOfTree(page, fromHtml(page.html, { fragment: true }));
}

/**
 * The same, read from the tree the page's HTML was written from: where a
 * page is rendered, its tree is at hand, and parsing the HTML back, with
 * the garbage it made, cost a render worker a sixth of its CPU time on the
 * generated 1,000-page folder (BENCHMARKS.md).
 */
export function searchSectionsOfTree(page: PageNames, tree: Root): SearchSection[] {
  const sections: SectionDraft[] = [{ id: null, heading: null, parentHeading: null, parts: [] }];
  let lastH2: string | null = null;

  // A tree's children, and Shiki's code blocks, each a root of its own inside the page's tree (parsed HTML has none).
  const visit = (nodes: readonly (ElementContent | RootContent | Root)[], into: string[]) => {
    for (const node of nodes) {
      if (node.type === "text") into.push(node.value);
      if (node.type === "root") {
        visit(node.children, into);
        continue;
      }
      if (node.type !== "element") continue;
      if (node.tagName === "math") {
        into.push(formulaText(node));
        continue;
      }
      if (isSkipped(node)) continue;
      const id = node.properties.id;
      if (SECTION_HEADINGS.has(node.tagName) && typeof id === "string" && id !== "") {
        const words: string[] = [];
        visit(node.children, words);
        const heading = collapse(words.join(""));
        if (node.tagName === "h2") lastH2 = heading;
        sections.push({ id, heading, parentHeading: node.tagName === "h3" ? lastH2 : null, parts: [] });
        into = sections.at(-1)!.parts;
        continue;
      }
      const block = !INLINE.has(node.tagName);
      if (block) into.push(" ");
      const before = sections.length;
      visit(node.children, into);
      // A heading inside this element (a callout, a <details>) started a new section: carry on writing there.
      if (sections.length !== before) into = sections.at(-1)!.parts;
      if (block) into.push(" ");
    }
  };
  visit(tree.children, sections[0]!.parts);

  return sections.flatMap((section, index) => {
    const text = collapse(section.parts.join(""));
    if (index === 0) {
      // The introduction stands for the page: kept even when empty, so the page's title is found.
      return [{ url: page.url, pageTitle: page.title, sectionTitle: null, parentTitle: null, context: "", text: text || page.description }];
    }
    return [
      {
        url: `${page.url}#${section.id}`,
        pageTitle: page.title,
        sectionTitle: section.heading || null,
        parentTitle: section.parentHeading || null,
        context: [page.title, section.parentHeading].filter(Boolean).join(" "),
        text,
      },
    ];
  });
}

/**
 * A formula in a sentence or heading is found, and read in a result, by its
 * TeX (`O(n)`), which KaTeX keeps as the MathML's annotation; one on its own
 * line is left out, as a code block's copy button is: a page's equations
 * read as TeX would crowd out its sentences in the snippets.
 */
function formulaText(math: Element): string {
  if (math.properties.display === "block") return " ";
  const semantics = math.children.find((child): child is Element => child.type === "element" && child.tagName === "semantics");
  const annotation = semantics?.children.find((child): child is Element => child.type === "element" && child.tagName === "annotation");
  return annotation ? toString(annotation) : "";
}

function isSkipped(element: Element): boolean {
  if (UNSEARCHED_ELEMENTS.has(element.tagName)) return true;
  // Shiki's elements name their attributes as HTML does (`class`, `aria-hidden`), a parsed page's as hast does.
  const { hidden, ariaHidden = element.properties["aria-hidden"], className = element.properties.class } = element.properties;
  if (hidden !== undefined && hidden !== null && hidden !== false) return true;
  if (String(ariaHidden) === "true") return true;
  // The "#" link that rehype-autolink-headings appends to each heading.
  const classes = typeof className === "string" ? className.split(" ") : className;
  return Array.isArray(classes) && classes.includes("heading-anchor");
}

function collapse(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}
