import { Link, NavLink } from "react-router";
import { ThemeSwitch } from "../theme/theme-switch";
import { SearchBox } from "./search-box";

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="site-header">
      <Link className="site-name" to="/">
        {siteName}
      </Link>
      <nav aria-label="Site">
        <ul>
          <li>
            <NavLink to="/guide">Guide</NavLink>
          </li>
          <li>
            <NavLink to="/appearance">Appearance</NavLink>
          </li>
        </ul>
      </nav>
      <SearchBox />
      <ThemeSwitch />
    </header>
  );
}
