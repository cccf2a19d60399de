import { defaultSchema, type Options as Schema } from "rehype-sanitize";

/**
 * GitHub's rules (rehype-sanitize's default schema) plus only what this
 * pipeline's own plugins put into the tree before sanitising, and media:
 * - callouts, tab panels and badges: their classes (fixed names), role="note"
 *   and aria-label on the callout, <details open> and <summary>, a tab set's
 *   group and a tab's key, default mark and icon name (tab.ts: plain text,
 *   which the browser only compares, and the icon's name only looked up);
 * - `data-heading-id` and `data-heading-text` on headings (checked again, and
 *   removed, when ids are set) and the fence meta on <code>;
 * - classes an attribute list may give a link (`{ .md-button }`, MkDocs
 *   Material's button-looking links); any other class from one is dropped;
 * - <video> and <audio>, which docs embed as raw HTML, with their sources
 *   checked like every `src` (http, https or relative) and never autoplaying;
 * - `media` on <source>, as GitHub keeps it, for pictures per screen width or
 *   colour scheme;
 * - <abbr>, which MkDocs' abbreviations make (remark-abbreviations.ts), its
 *   meaning in `title` (allowed on every element), and <mark> (remark-mark.ts);
 * - Starlight's and Docusaurus' layout components, as the author wrote them
 *   (<steps>, <card title icon>, <cardgrid>, <linkcard href description>,
 *   <filetree>, <doccardlist>): only the attributes they take, `href` checked
 *   like any link's. They become the site's markup after sanitising
 *   (rehype-docs-components.ts), so their classes are never allowed here
 *   and raw HTML cannot write them.
 * <style>, <template>, <title> and the fallbacks of <noscript>, <noembed> and
 * <noframes> join <script> in being dropped with their content: a reader
 * never sees it (and CSS or script shown as prose is worse than nothing).
 * remark-hidden-html.ts removes what Markdown parsed inside them first.
 */
export const HIDDEN_ELEMENTS = ["script", "style", "template", "noscript", "noembed", "noframes", "title"];
const defaults = defaultSchema.attributes ?? {};
const headings = Object.fromEntries(
  ["h1", "h2", "h3", "h4", "h5", "h6"].map((tag) => [tag, [...(defaults[tag] ?? []), "dataHeadingId", "dataHeadingText"]]),
);

/** Classes an author's attribute list may put on a link. */
export const LINK_CLASSES = ["md-button", "md-button--primary"];
/** Components turned into this site's markup after sanitising (rehype-docs-components.ts). */
export const LAYOUT_COMPONENTS = ["steps", "card", "cardgrid", "linkcard", "filetree", "doccardlist"];
const withoutClassName = (definitions: NonNullable<Schema["attributes"]>[string] | undefined) =>
  (definitions ?? []).filter((definition) => !(Array.isArray(definition) && definition[0] === "className"));

export const sanitizeSchema: Schema = {
  ...defaultSchema,
  strip: [...(defaultSchema.strip ?? []), ...HIDDEN_ELEMENTS],
  tagNames: [...(defaultSchema.tagNames ?? []), "video", "audio", "abbr", "mark", ...LAYOUT_COMPONENTS],
  attributes: {
    ...defaults,
    ...headings,
    // The first definition of an attribute is the one used: GitHub's footnote class and ours in one.
    a: [...withoutClassName(defaults.a), ["className", "data-footnote-backref", ...LINK_CLASSES]],
    div: [...(defaults.div ?? []), ["className", /^callout(?:-[a-z]+)?$/, "tabs", "tab"], ["role", "note"], "ariaLabel", "dataTabGroup", "dataTabKey", "dataTabDefault", "dataTabIcon"],
    details: [...(defaults.details ?? []), ["className", /^callout(?:-[a-z]+)?$/]],
    summary: [...(defaults.summary ?? []), ["className", "callout-title"]],
    p: [...(defaults.p ?? []), ["className", "callout-title", "tab-label"]],
    span: [...(defaults.span ?? []), ["className", "badge", /^badge-[a-z]+$/]],
    code: [...(defaults.code ?? []), "metastring"],
    img: [...(defaults.img ?? []), "srcSet", "sizes"],
    // `media` picks a <picture>'s source by width or colour scheme, as on GitHub (rehype-theme-images.ts).
    source: [...(defaults.source ?? []), "src", "type", "sizes", "media"],
    video: ["src", "poster", "controls", "loop", "muted", "playsInline", "preload", "width", "height"],
    audio: ["src", "controls", "loop", "muted", "preload"],
    // `title` is allowed on every element; `href` is checked against `protocols.href`, as on <a>.
    linkcard: ["href", "description"],
    // A name of Starlight's icon set, looked up after sanitising (starlight-icons.ts): never markup.
    card: ["icon"],
  },
  protocols: {
    ...defaultSchema.protocols,
    poster: ["http", "https"],
  },
};
