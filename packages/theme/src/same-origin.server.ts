/**
 * Whether a state-changing request may have come from another site.
 *
 * Sec-Fetch-Site is set by the browser itself and no page can forge it. A
 * same-origin form post can still carry `Origin: null` (under some referrer
 * policies), so Sec-Fetch-Site vouches for that; a real Origin must match the
 * host either way. Older browsers send only Origin; a client that sends
 * neither (curl, a script) is not a browser being used against its user.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;

  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  if (origin === "null") return fetchSite === null;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
