import { NavLink, useLocation } from "react-router";
import type { GuideNavItem } from "../guide/guide";

/**
 * The guide's contents as one tree of links. A folder is a group that opens
 * and closes without script (`<details>`): the groups on the way to the
 * current page start open, the others closed, so 200 pages stay a short
 * list. read-nav-tree.ts reads this markup back; keep the two in step.
 */
export function GuideNav({ items }: { items: GuideNavItem[] }) {
  const current = normalisePath(useLocation().pathname);
  return (
    // data-sent-once: hydration reads the tree back from here (guide.tsx).
    <nav aria-label="Guide" className="guide-nav" data-sent-once="guide-nav">
      <NavList items={items} current={current} />
    </nav>
  );
}

function NavList({ items, current }: { items: GuideNavItem[]; current: string }) {
  return (
    <ul>
      {items.map((item, index) => (
        <NavEntry key={item.url ?? `${index} ${item.title}`} item={item} current={current} />
      ))}
    </ul>
  );
}

function NavEntry({ item, current }: { item: GuideNavItem; current: string }) {
  // `end`: a folder's page is not "current" while one of its children is shown.
  const label =
    item.url === null ? (
      <span className="guide-nav-label">{item.title}</span>
    ) : (
      // No class unless current, and no data-discover: the route manifest
      // comes whole with the first page, so there is nothing to discover,
      // and on 200 links the two empty attributes were 7 KB of every page.
      <NavLink to={item.url} end discover="none" className={({ isActive }) => (isActive ? "active" : undefined)}>
        {item.title}
      </NavLink>
    );
  if (item.children.length === 0) return <li>{label}</li>;
  return (
    <li className="guide-nav-group">
      {item.url !== null && label}
      <details open={leadsTo(item, current)}>
        {/* A group with a page: the link names it, the summary is only its
            toggle (a link inside a summary would be a link inside a button). */}
        <summary>{item.url === null ? item.title : <span className="visually-hidden">{`${item.title}: pages`}</span>}</summary>
        <NavList items={item.children} current={current} />
      </details>
    </li>
  );
}

/** Whether the current page is this entry's page or one below it. */
function leadsTo(item: GuideNavItem, current: string): boolean {
  return (item.url !== null && normalisePath(item.url) === current) || item.children.some((child) => leadsTo(child, current));
}

/** "/guide/a/" and "/guide/caf%C3%A9" compare equal to "/guide/a" and "/guide/café". */
function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  try {
    return decodeURI(trimmed);
  } catch {
    return trimmed;
  }
}
