import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";

export function SiteFooter() {
  // The privacy page is a page of this project's own guide; a folder of
  // one's own has no such page to link to.
  const ownFolder = useRouteLoaderData<typeof rootLoader>("root")?.ownFolder ?? false;
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
