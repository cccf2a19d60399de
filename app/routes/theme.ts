import { redirect } from "react-router";
import { themeAction } from "react-router-theme/server";
import { theme } from "../theme/theme";

/**
 * Where every theme form posts: the package's action, which sets the cookie
 * only for a valid same-site request, answers the page's background request
 * with JSON, and sends a plain form back to its page (never off the site).
 */

/** A GET (a typed URL, a stale link) goes to the page where the theme is chosen. */
export function loader() {
  return redirect("/appearance", 303);
}

export const action = themeAction(theme);
