import { Link } from "react-router";

/**
 * `ownFolder`: the guide is a folder of one's own. The privacy page is a
 * page of this project's own guide, so such a folder has none to link to.
 */
export function SiteFooter({ ownFolder }: { ownFolder: boolean }) {
  return (
    <footer className="site-footer">
      <p>
        Server-rendered with React Router. One cookie and one localStorage entry hold your theme; nothing else is
        stored.{" "}
        {!ownFolder && <Link to="/guide/privacy">Privacy</Link>}
      </p>
    </footer>
  );
}
