import type { Element, ElementContent, Root } from "hast";
import type { VFile } from "vfile";
import type { HomeSections } from "../../../guide-types";

/**
 * A home page's hero and features (load/page-meta.server.ts) put above its
 * Markdown, as VitePress and Starlight show them: the hero's tagline, its
 * actions as buttons (the first the main one), then the features as a list
 * (the hero's line is the title's subtitle: guide-article.tsx). The tree
 * is built here from text, after the sanitiser, so every link is checked
 * here: only web, mail and relative addresses are kept;
 * rehype-resolve-urls.ts turns them into this site's.
 */

declare module "vfile" {
  interface DataMap {
    home: HomeSections;
  }
}

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

export default function rehypeHomeSections() {
  return (tree: Root, file: VFile) => {
    const home = file.data.home;
    if (!home) return;
    const added: ElementContent[] = [];
    // The hero's text is not here: it is the title's subtitle (guide-article.tsx).
    const heroLines = [
      home.tagline && paragraph("home-hero-tagline", [textNode(home.tagline)]),
      actionsOf(home),
    ].filter((node): node is Element => Boolean(node));
    if (heroLines.length > 0) added.push(element("div", { className: ["home-hero"] }, heroLines));
    if (home.features.length > 0) {
      added.push(
        element(
          "ul",
          { className: ["home-features"] },
          home.features.map((feature) => {
            const href = safeHref(feature.link);
            const title = href ? [element("a", { href }, [textNode(feature.title)])] : [textNode(feature.title)];
            return element("li", {}, [paragraph("home-feature-title", title), ...(feature.details ? [paragraph(undefined, [textNode(feature.details)])] : [])]);
          }),
        ),
      );
    }
    tree.children.unshift(...added);
  };
}

function actionsOf(home: HomeSections): Element | null {
  const links = home.actions.flatMap((action, index) => {
    const href = safeHref(action.link);
    return href ? [element("a", { href, className: ["md-button", ...(index === 0 ? ["md-button--primary"] : [])] }, [textNode(action.text)])] : [];
  });
  if (links.length === 0) return null;
  return paragraph(
    "home-hero-actions",
    links.flatMap((link, index) => (index === 0 ? [link] : [textNode(" "), link])),
  );
}

/** The link as written when it leads to a page, a site or a mailbox; null for `javascript:` and the like, however spelled. */
export function safeHref(link: string | null): string | null {
  if (!link) return null;
  let url: URL;
  try {
    // The URL parser drops the tabs, newlines and leading controls a browser drops, so "java\tscript:" is read as the browser would.
    url = new URL(link, "https://relative.invalid/");
  } catch {
    return null;
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? link : null;
}

function paragraph(className: string | undefined, children: ElementContent[]): Element {
  return element("p", className ? { className: [className] } : {}, children);
}

function element(tagName: string, properties: Element["properties"], children: ElementContent[]): Element {
  return { type: "element", tagName, properties, children };
}

function textNode(value: string): ElementContent {
  return { type: "text", value };
}
