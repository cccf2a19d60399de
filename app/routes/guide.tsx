import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/guide";
import { GuideNav } from "../components/guide-nav";
import { readNavTree } from "../components/read-nav-tree";
import { useBasePath } from "../components/base-path";
import { getGuide, siteBasePath } from "../guide/service/guide-service.server";
import { navForPage } from "../guide/nav/fold-nav";
import { sentOnceElement, useSentOnce } from "../sent-once";
import { sendOnce } from "../sent-once.server";

export async function loader(args: Route.LoaderArgs) {
  const guide = await getGuide();
  // A large guide's tree is folded around the page (fold-nav.ts). On a
  // document request it is in the markup only (sent-once.ts).
  const pathname = args.url.pathname.slice(siteBasePath().length);
  return { nav: sendOnce(args, "guide-nav", navForPage(guide.nav, guide.pages.length, pathname)) };
}

export default function GuideLayout({ loaderData }: Route.ComponentProps) {
  const basePath = useBasePath();
  const nav = useSentOnce("guide-nav", loaderData.nav, () => readNavTree(sentOnceElement("guide-nav"), basePath));
  const { pathname } = useLocation();
  const sidebar = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    // The narrow screens' menu closes once a link in it is followed.
    if (menu.current) menu.current.open = false;
    if (sidebar.current) revealCurrentPage(sidebar.current);
  }, [pathname]);

  return (
    <div className="guide-layout">
      {/* The navigation is in the page once: a sidebar on wide screens, the
          same element a disclosure on narrow ones (guide-layout.css). A
          sidebar that scrolls is a tab stop of its own, so arrow keys
          scroll it, the way a scrolling code block is. */}
      <aside className="guide-sidebar" ref={sidebar} tabIndex={0} aria-label="Guide contents">
        <details className="guide-menu" ref={menu}>
          <summary>Guide contents</summary>
          <GuideNav items={nav} />
        </details>
      </aside>
      <div className="guide-content">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * Scrolls the sidebar, and only the sidebar, to the current page's link when
 * it is out of sight: with 200 pages it can be far down the list. Nothing
 * happens where the sidebar does not scroll on its own (narrow screens).
 */
function revealCurrentPage(sidebar: HTMLElement) {
  const link = sidebar.querySelector('[aria-current="page"]');
  if (!link || sidebar.scrollHeight <= sidebar.clientHeight) return;
  // The part of the sidebar in the window: before the page scrolls, the
  // header above it pushes its lower end out of sight.
  const box = sidebar.getBoundingClientRect();
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, window.innerHeight);
  const target = link.getBoundingClientRect();
  if (target.top >= top && target.bottom <= bottom) return;
  sidebar.scrollTop += target.top - top - (bottom - top - target.height) / 2;
}
