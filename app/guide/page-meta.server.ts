import { withoutPageExtension } from "./markdown-files";

/**
 * What the guide reads from a page's front matter, in the spellings of the
 * docs tools it accepts folders from. A key of the wrong type is ignored like
 * an unknown key: the page then falls back as if the key were absent.
 */

export type PageMeta = {
  title: string | null;
  description: string | null;
  order: number | null;
  /** A shorter title for the navigation. */
  navLabel: string | null;
  /** Not published: no page, no link target. */
  draft: boolean;
};

// First key that holds a number wins: this guide's own, then Docusaurus,
// Just the Docs, Hugo, and Starlight's nested `sidebar.order`.
const ORDER_KEYS = ["order", "sidebar_position", "nav_order", "weight"] as const;

export function readPageMeta(data: Record<string, unknown>): PageMeta {
  const sidebar = isRecord(data.sidebar) ? data.sidebar : {};
  const order = [...ORDER_KEYS.map((key) => data[key]), sidebar.order].find((value) => typeof value === "number" && Number.isFinite(value));
  return {
    title: text(data.title),
    description: text(data.description),
    order: (order as number | undefined) ?? null,
    navLabel: text(data.sidebar_label) ?? text(sidebar.label) ?? text(data.nav_title),
    draft: data.draft === true,
  };
}

/** Docusaurus' `_category_.json`/`.yml`: a folder's label and position. */
export function readFolderMeta(data: unknown): { label: string | null; order: number | null } {
  if (!isRecord(data)) return { label: null, order: null };
  const order = data.position;
  return { label: text(data.label), order: typeof order === "number" && Number.isFinite(order) ? order : null };
}

/**
 * A file or folder name as a title, for pages and folders that give none:
 * "getting-started.md" → "Getting started", "02_api-reference" → "Api
 * reference". Sentence case: only the first letter is raised and the rest
 * kept as written ("CLI-usage" → "CLI usage"), since a name cannot tell a
 * word from an acronym. A leading "01-" (kept in names for sorting) is dropped.
 */
export function readableName(name: string): string {
  const stem = withoutPageExtension(name);
  const words = (stem.replace(/^\d+[-_. ]+(?=\S)/, "") || stem).replace(/[-_\s]+/g, " ").trim() || stem;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** About what search results and link previews show; cut at a word, marked with an ellipsis. */
export const DESCRIPTION_LENGTH = 160;

export function shortenDescription(paragraph: string): string {
  const flat = paragraph.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  // One long word (a URL): cut inside it rather than keep almost nothing.
  const atWord = lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.replace(/[\s,;:.\-–—]+$/, "")}…`;
}

function text(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.replace(/\s+/g, " ").trim();
  return trimmed === "" ? null : trimmed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
