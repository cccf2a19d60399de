import { useEffect, useLayoutEffect, useRef } from "react";
import { useNavigate } from "react-router";
import type { SentOnceKey } from "../sent-once";
import { useBasePath, withoutBasePath } from "./base-path";
import { addCodeCopyButtons } from "./code-copy-buttons";
import { enhanceTabSets } from "./tab-sets";

/**
 * HTML rendered from Markdown on the server. Its links are plain anchors;
 * with JavaScript, a click on one that stays on this site becomes a
 * client-side navigation, like every other link of the app, its code
 * blocks get copy buttons and its tab sets work as tabs.
 */
export function Prose({ html, sentOnce }: { html: string; sentOnce?: SentOnceKey }) {
  const navigate = useNavigate();
  const basePath = useBasePath();
  const ref = useRef<HTMLDivElement>(null);

  // An effect, so the buttons come after hydration, never in the server's
  // markup; again for each new page's HTML, which React has just put in.
  useEffect(() => (ref.current ? addCodeCopyButtons(ref.current) : undefined), [html]);
  // Tab sets before the browser paints a page it navigated to: the blocking
  // script's rules for the first paint reflect the choices at the document's
  // load, and a later page must not show them even for a frame.
  useLayoutEffect(() => (ref.current ? enhanceTabSets(ref.current) : undefined), [html]);

  function handleClick(event: React.MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest("a");
    if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href, location.href);
    // The Markdown's links are written with the site's base path; the router takes them without it.
    const pathname = url.origin === location.origin ? withoutBasePath(url.pathname, basePath) : null;
    if (pathname === null) return;
    // The folder's own files (PDFs, images) are not pages: the browser opens them.
    if (pathname.startsWith("/guide-files/")) return;
    // Same page, other heading: let the browser scroll to it.
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    event.preventDefault();
    void navigate(pathname + url.search + url.hash);
  }

  return <div ref={ref} data-sent-once={sentOnce} onClick={handleClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
