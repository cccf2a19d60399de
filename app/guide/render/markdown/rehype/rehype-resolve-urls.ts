import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";

export type ResolveUrl = (url: string, kind: "link" | "image") => string | null;

declare module "vfile" {
  interface DataMap {
    /** The page's URL resolver, given per file so one processor serves every page. */
    resolveUrl: ResolveUrl;
  }
}

/**
 * Every URL of the page, from Markdown or raw HTML, goes through the site's
 * resolver once: links (`a[href]`) to pages and files, media (`img`,
 * `source`, `video`, `audio`, `srcset` entries, `poster`) to file URLs.
 * The resolver (`file.data.resolveUrl`) returns null to leave a URL as written.
 */
const mediaAttributes: Record<string, string[]> = {
  img: ["src", "srcSet"],
  source: ["src", "srcSet"],
  video: ["src", "poster"],
  audio: ["src"],
};

export default function rehypeResolveUrls() {
  return (tree: Root, file: VFile) => {
    const resolveUrl = file.data.resolveUrl;
    if (!resolveUrl) return;
    visit(tree, "element", (node: Element) => {
      if (node.tagName === "a") {
        replace(node, "href", (url) => resolveUrl(url, "link"));
        return;
      }
      for (const attribute of mediaAttributes[node.tagName] ?? []) {
        replace(node, attribute, (url) => resolveUrl(url, "image"), attribute === "srcSet");
      }
    });
  };
}

function replace(node: Element, attribute: string, resolve: (url: string) => string | null, isSrcset = false) {
  const value = node.properties[attribute];
  if (value === undefined || value === null) return;
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  if (!isSrcset) {
    const resolved = resolve(text);
    if (typeof resolved === "string") node.properties[attribute] = resolved;
    return;
  }
  // "a.png 1x, b.png 2x": each candidate's URL is resolved, its descriptor kept.
  node.properties[attribute] = text
    .split(/,\s+/)
    .map((candidate) => {
      const [url = "", ...descriptor] = candidate.trim().split(/\s+/);
      const resolved = url ? resolve(url) : null;
      return [typeof resolved === "string" ? resolved : url, ...descriptor].join(" ");
    })
    .join(", ");
}
