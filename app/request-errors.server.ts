import { isRouteErrorResponse, type HandleErrorFunction } from "react-router";
import { GuideContentError } from "./guide/guide-content-error";

/**
 * What React Router says of a form post it refuses before any action runs:
 * one from another site, or with an Origin header that is no URL
 * (react-router's lib/actions.ts). It answers 400 itself.
 */
const REFUSED_POST = /^(Bad Request|.*Aborting the action\.)$/;

/**
 * The server's log of errors met while answering: a request refused for
 * what it is gets one line, since any client can send as many as it likes
 * and each logged a stack trace; a page of the folder that could not be
 * shown, its one-line message; a request its client gave up on, nothing;
 * anything else, the whole error, as React Router logs it by default.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && REFUSED_POST.test(error.message)) {
    console.warn(`Refused ${request.method} ${new URL(request.url).pathname}: ${error.message}`);
    return;
  }
  // A response thrown for an error keeps the error itself (ErrorResponseImpl's `error`), which says more.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  // A page of the folder that could not be shown says which file and why; its stack would say nothing more.
  if (error instanceof GuideContentError) console.error(error.message);
  else console.error(cause ?? error);
};
