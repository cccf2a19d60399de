import { Link, NavLink } from "react-router";
import { ThemeSwitch } from "../theme/theme-switch";

export function SiteHeader() {
  return (
    <header className="site-header">
      <Link className="site-name" to="/">
        Themed Guide
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
      <ThemeSwitch />
    </header>
  );
}
