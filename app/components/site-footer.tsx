import { Link } from "react-router";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        Server-rendered with React Router. One cookie and one localStorage entry hold your theme; nothing else is
        stored. <Link to="/guide/privacy">Privacy</Link>
      </p>
    </footer>
  );
}
