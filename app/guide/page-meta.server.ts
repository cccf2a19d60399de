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
  /** A home page's name in its hero (VitePress' `hero.name`, Starlight's `hero.title`): its title when nothing else names it. */
  heroTitle: string | null;
  /** A home page's hero and features, which such a page often holds instead of Markdown. */
  home: HomeSections | null;
};

/**
 * What a home page written for VitePress (`layout: home`) or Starlight
 * (`template: splash`) says in its front matter, shown above its Markdown
 * as those tools show it. Text only: any HTML in it is shown as written.
 */
export type HomeSections = {
  /** VitePress' `hero.text`, the line under the name. */
  text: string | null;
  tagline: string | null;
  /** Buttons; the first is the main one. */
  actions: HomeLink[];
  features: HomeFeature[];
};
export type HomeLink = { text: string; link: string };
export type HomeFeature = { title: string; details: string | null; link: string | null };

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
    heroTitle: isRecord(data.hero) ? (text(data.hero.name) ?? text(data.hero.title)) : null,
    home: readHomeSections(data),
  };
}

function readHomeSections(data: Record<string, unknown>): HomeSections | null {
  const hero = isRecord(data.hero) ? data.hero : {};
  const actions = (Array.isArray(hero.actions) ? hero.actions : []).flatMap((action): HomeLink[] => {
    const label = isRecord(action) ? text(action.text) : null;
    const link = isRecord(action) ? address(action.link) : null;
    return label && link ? [{ text: label, link }] : [];
  });
  const features = (Array.isArray(data.features) ? data.features : []).flatMap((feature): HomeFeature[] => {
    if (!isRecord(feature)) return [];
    // An emoji icon is text; an image icon ({ src }) is left out.
    const title = [text(feature.icon), text(feature.title)].filter(Boolean).join(" ");
    return title ? [{ title, details: text(feature.details), link: address(feature.link) }] : [];
  });
  const sections = { text: text(hero.text), tagline: text(hero.tagline), actions, features };
  return sections.text || sections.tagline || actions.length > 0 || features.length > 0 ? sections : null;
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

/** A string (or number) of front matter or a project file, its whitespace collapsed; null when empty or of another type. */
export function text(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.replace(/\s+/g, " ").trim();
  return trimmed === "" ? null : trimmed;
}

/** A link as written, only trimmed: its spaces and tabs are left for the link check to judge as a browser would. */
function address(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
