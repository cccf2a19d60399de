import type { HomeFeature, HomeLink, HomeSections } from "../guide-types";
import { withoutPageExtension } from "../render/page-files";
import { isRecord } from "./is-record";

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

