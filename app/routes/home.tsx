import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { settings } from "../settings.server";
import { siteNameOf } from "../site-title";

/**
 * This project's pitch belongs to its own guide. Serving a folder of one's
 * own, `/` leads to that folder's landing page instead: a 302, not a 301 or
 * 308, because it holds only while CONTENT_DIR says so, and a browser keeps
 * a permanent redirect long after the server has changed its mind.
 */
export function loader() {
  if (settings().ownFolder) throw redirect("/guide", 302);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${siteNameOf(matches)} · Light, dark or system, right from the first paint` },
  {
    name: "description",
    content: "A server-rendered site whose theme is right before any script runs: light, dark or system, with or without JavaScript.",
  },
];

export default function Home() {
  return (
    <article className="prose home">
      <h1>Light, dark or system — right from the first paint</h1>
      <p className="lead">
        This site is rendered on the server and remembers the theme you choose. The server reads it from a cookie
        and sends the page already in your theme, so nothing flashes, nothing reloads, and it all works with
        JavaScript turned off.
      </p>
      <ul className="home-points">
        <li>
          <strong>Three modes.</strong> Light, dark, or follow your device. Until you choose, it follows your device.
        </li>
        <li>
          <strong>Works without JavaScript.</strong> The switcher in the header is a plain form; with JavaScript it
          changes the theme in the same frame as your click.
        </li>
        <li>
          <strong>Stays right.</strong> Other tabs follow a change, and so do pages you come back to.
        </li>
      </ul>
      <p className="home-actions">
        <Link className="button" to="/guide/getting-started">
          Read the guide
        </Link>
        <Link to="/appearance">Choose your theme</Link>
      </p>
    </article>
  );
}
