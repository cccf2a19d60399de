import { Link, NavLink, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";
import { DEFAULT_SITE_NAME } from "../site-title";
import { ThemeSwitch } from "../theme/theme-switch";
import { SearchBox } from "./search-box";

export function SiteHeader() {
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? DEFAULT_SITE_NAME;
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
