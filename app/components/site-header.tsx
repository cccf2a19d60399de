import { Link, NavLink, useLocation } from "react-router";
import { LIST_PARTS_PREFIX } from "../guide/nav/page-list-parts";
import { ThemeSwitch } from "../theme/theme-switch";
import { SearchBox } from "./search-box";

/**
 * On a static export (`staticSite`) the search and the theme switcher work
 * in the browser only: with JavaScript off they give way to a plain note
 * that says so (app.css hides them where scripting is off; the note is in
 * <noscript>, so it shows in any browser without it).
 */
export function SiteHeader({ siteName, staticSite }: { siteName: string; staticSite: boolean }) {
  return (
    <header className="site-header" data-static-site={staticSite || undefined}>
      <Link className="site-name" to="/">
        {siteName}
      </Link>
      <nav aria-label="Site">
        <ul>
          <li>
            <GuideLink />
          </li>
          <li>
            <NavLink to="/appearance">Appearance</NavLink>
          </li>
        </ul>
      </nav>
      <SearchBox />
      <ThemeSwitch />
      {staticSite && (
        <noscript>
          <p className="needs-javascript">Search and the theme choice need JavaScript on this site; it follows your system’s light or dark setting.</p>
        </noscript>
      )}
    </header>
  );
}

/**
 * "Guide", marked where the reader is in it: its pages under /guide, and
 * the later parts of a large folder's list of every page, which live out
 * of /guide (guide/nav/page-list-parts.ts), where a NavLink would not.
 */
function GuideLink() {
  const { pathname } = useLocation();
  const inGuide = pathname === "/guide" || pathname.startsWith("/guide/") || pathname.startsWith(LIST_PARTS_PREFIX);
  return (
    <Link to="/guide" aria-current={inGuide ? "page" : undefined}>
      Guide
    </Link>
  );
}
