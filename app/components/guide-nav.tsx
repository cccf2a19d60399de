import { NavLink } from "react-router";
import type { GuideNavItem } from "../guide/guide.server";

export function GuideNav({ items }: { items: GuideNavItem[] }) {
  return (
    <nav aria-label="Guide" className="guide-nav">
      <NavList items={items} />
    </nav>
  );
}

function NavList({ items }: { items: GuideNavItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.url}>
          {/* `end`: a folder's page is not "current" while one of its children is shown. */}
          <NavLink to={item.url} end>
            {item.title}
          </NavLink>
          {item.children.length > 0 && <NavList items={item.children} />}
        </li>
      ))}
    </ul>
  );
}
