import { redirect } from "react-router";
import type { Route } from "./+types/theme";
import { readSmallForm } from "../security/read-form.server";
import { isCrossSiteRequest } from "../security/same-origin.server";
import { safeRedirectPath } from "../security/safe-redirect.server";
import { parseThemePreference } from "../theme/theme";
import { serializeThemeCookie } from "../theme/theme-cookie";

/**
 * Where every theme form posts. A plain form gets 303 See Other back to the
 * page it came from; the page's own script asks for JSON and stays where it
 * is. Either way the server sets the cookie, and only for a valid request.
 */

// A theme form is a few dozen bytes; redirectTo is the longest part.
const MAX_FORM_BYTES = 4096;

export function loader() {
  return redirect("/appearance", 303);
}

export async function action({ request }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) {
    return refuse(403, "This request came from another site, so the theme was not changed.");
  }
  const body = await readSmallForm(request, MAX_FORM_BYTES);
  if (!body.ok) return refuse(body.status, `The theme was not changed. ${body.reason}`);
  const { form } = body;
  const values = form.getAll("theme");
  const preference = values.length === 1 ? parseThemePreference(values[0]) : null;
  if (!preference) {
    return refuse(400, 'The theme was not changed: send exactly one "theme", and make it light, dark or system.');
  }

  const secure = new URL(request.url).protocol === "https:";
  const headers = { "Set-Cookie": serializeThemeCookie(preference, { secure }) };
  if (request.headers.get("Accept")?.includes("application/json")) {
    return Response.json({ theme: preference }, { headers });
  }
  return redirect(safeRedirectPath(form.get("redirectTo")), { status: 303, headers });
}

function refuse(status: 400 | 403 | 413 | 415, reason: string) {
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  // The rest of an oversized body was never read: the connection cannot
  // carry another request, so say it closes.
  if (status === 413) headers.set("Connection", "close");
  return new Response(`${reason}\n\nChoose a theme at /appearance.\n`, { status, headers });
}
