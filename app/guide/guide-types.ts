/**
 * The shape of a loaded docs folder, shared by the server code that builds it
 * and the components that show it. Types only: nothing here runs.
 */

/** A heading of a page's "On this page" list. */
export type PageHeading = {
  depth: 2 | 3;
  /** The element id, for `#id` links. */
  id: string;
  /** Plain text, as shown. */
  text: string;
};

/** A page as the guide lists it: known for every page from the moment the folder is loaded. */
export type GuidePage = {
  /** The Markdown file, absolute. */
  file: string;
  /** The file relative to the content folder, "/"-separated, e.g. "setup/install.md". */
  relativePath: string;
  /** Path below /guide: "setup/install"; a folder's index.md gives the folder's path; the top-level index.md gives "". */
  slug: string;
  /** "/guide/setup/install"; "/guide" for the top-level index.md. */
  url: string;
  title: string;
  /**
   * What the navigation and the previous/next links call the page: a shorter
   * label from front matter (sidebar_label, sidebar.label, nav_title), else
   * its entry in mkdocs.yml's nav or SUMMARY.md, else its title.
   */
  navTitle: string;
  /** From front matter (order, sidebar_position, nav_order, weight, sidebar.order), else mkdocs.yml's nav or mdBook's SUMMARY.md; null when none is given. */
  order: number | null;
  /** When the page's file was last committed (ms since 1970; load/last-commit-dates.server.ts); null outside a repository or for a file never committed. */
  lastUpdated: number | null;
};

/** What a page's Markdown renders to: made when the page is first needed (service/page-rendering.server.ts). */
export type PageContent = {
  /** The id of the page's <h1>: the title's slug, unique among the article's ids (so `page#title-slug` reaches the top). */
  titleId: string;
  /** From front matter, else the first paragraph, shortened; "" when there is neither. */
  description: string;
  /** A home page's line under its title (VitePress' `hero.text`); null on other pages. */
  subtitle: string | null;
  /** The article's HTML, without the leading `# Heading` when that became the title. */
  html: string;
  /** The page's h2 and h3, in document order. */
  headings: PageHeading[];
};

/** A page with its content. */
export type RenderedPage = GuidePage & PageContent;

/**
 * An entry of the navigation: a page, or a folder. A folder with an index.md
 * links to that page; a folder without one is a group with no link.
 */
export type GuideNavItem = {
  title: string;
  url: string | null;
  children: GuideNavItem[];
  /**
   * A folder whose pages this page's navigation leaves out (nav/fold-nav.ts):
   * `url` is its first page, `children` empty.
   */
  folded?: true;
};

/** A file of the content folder that is not a page (an image, a PDF), served at /guide-files/<relative path>. */
export type ContentFile = {
  /** Absolute, real. */
  path: string;
  size: number;
  mtimeMs: number;
  /** Short hash of size and mtime: the `?v=` of the file's URL. */
  version: string;
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
