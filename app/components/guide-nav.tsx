import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { leadsTo, normaliseNavPath } from "../guide/nav/fold-nav";
import type { GuideNavItem } from "../guide/guide-types";
import { useBasePath, withoutBasePath } from "./base-path";

/**
 * The guide's contents as one tree of links. A folder is a group that opens
 * and closes without script (`<details>`): the groups on the way to the
 * current page start open, the others closed, so 200 pages stay a short
 * list. A folded folder (a large guide's, fold-nav.ts) is a link to its
 * first page, marked as a closed group. read-nav-tree.ts reads this markup
 * back; keep the two in step. The items' URLs are the router's (without the
 * site's base path); the links are written with it.
 */
export function GuideNav({ items }: { items: GuideNavItem[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const basePath = useBasePath();
  const current = normaliseNavPath(location.pathname);
  // The links are plain anchors and this one handler makes their clicks
  // client-side navigations, as <Link> would: 200 <NavLink>s, each with its
  // own hooks and handler, were most of a docs page's hydration work (a
  // long task in Lighthouse's mobile simulation).
  const followLink = (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !isPlainClick(event) || (link.target && link.target !== "_self")) return;
    const href = withoutBasePath(link.getAttribute("href") ?? "", basePath);
    if (!href?.startsWith("/")) return;
    event.preventDefault();
    // Following the link to the page already shown replaces its history entry, as <Link> does.
    navigate(href, { replace: href === location.pathname + location.search + location.hash });
  };
  return (
    // data-sent-once: hydration reads the tree back from here (guide.tsx).
    <nav aria-label="Guide" className="guide-nav" data-sent-once="guide-nav" onClick={followLink}>
      <NavList items={items} current={current} basePath={basePath} />
    </nav>
  );
}

type Placement = { current: string; basePath: string };

function NavList({ items, current, basePath }: { items: GuideNavItem[] } & Placement) {
  return (
    <ul>
      {items.map((item, index) => (
        <NavEntry key={item.url ?? `${index} ${item.title}`} item={item} current={current} basePath={basePath} />
      ))}
    </ul>
  );
}

function NavEntry({ item, current, basePath }: { item: GuideNavItem } & Placement) {
  // Only the page itself is current: a folder's page is not while one of its children is shown.
  const isCurrent = item.url !== null && normaliseNavPath(item.url) === current;
  const label =
    item.url === null ? (
      <span className="guide-nav-label">{item.title}</span>
    ) : (
      // No class unless current: on 200 links an empty one was kilobytes of every page.
      <a aria-current={isCurrent ? "page" : undefined} className={isCurrent ? "active" : undefined} href={basePath + item.url}>
        {item.title}
      </a>
    );
  if (item.folded) return <li className="guide-nav-group guide-nav-folded">{label}</li>;
  if (item.children.length === 0) return <li>{label}</li>;
  return (
    <li className="guide-nav-group">
      {item.url !== null && label}
      <details open={leadsTo(item, current)}>
        {/* A group with a page: the link names it, the summary is only its
            toggle (a link inside a summary would be a link inside a button). */}
        <summary>{item.url === null ? item.title : <span className="visually-hidden">{`${item.title}: pages`}</span>}</summary>
        <NavList items={item.children} current={current} basePath={basePath} />
      </details>
    </li>
  );
}

/** A click that asks for the link in this tab: the main button, no modifier keys. */
function isPlainClick(event: MouseEvent<HTMLElement>): boolean {
  return !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}
