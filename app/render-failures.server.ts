import { data } from "react-router";
import { PageFileGoneError } from "./guide/guide-content-error";
import { RendererBusyError } from "./guide/service/page-renderer.server";

/**
 * A page's render that failed, as the answer a visitor gets: a page whose
 * file was removed since the server read the folder is not there any more,
 * a 404, not a page that broke; one the renderer has no room for now (too
 * many visitors' pages waiting during a first start) is a 503, to be asked
 * for again in a few seconds. Anything else is thrown as it is, for the
 * error boundary and the log.
 */
export function asHttpError(error: unknown): never {
  if (error instanceof PageFileGoneError) throw data(null, { status: 404 });
  if (error instanceof RendererBusyError) throw data(null, { status: 503, headers: { "Retry-After": "5" } });
  throw error;
}

/**
 * The headers of a route whose error boundary shows such an answer: its
 * parent's, and a 503's Retry-After, which React Router hands only to the
 * boundary's own `headers` function.
 */
export function withRetryAfter({ parentHeaders, errorHeaders }: { parentHeaders: Headers; errorHeaders?: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
