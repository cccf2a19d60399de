import { isRouteErrorResponse } from "react-router";

/** An error a loader threw for an address that names nothing (`throw data(null, { status: 404 })`), not one that broke. */
export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}
