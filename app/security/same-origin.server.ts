/**
 * Whether a state-changing request may have come from another site.
 * Browsers say so with Sec-Fetch-Site or Origin; a client that sends
 * neither (curl, a script) is not a browser being used against its user.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;

  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
