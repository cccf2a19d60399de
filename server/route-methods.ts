import type express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The methods each address answers, read from the build's own routes: GET
 * and HEAD everywhere, POST too where the route React Router would run an
 * action for has one (the theme form's /theme, and /theme.data, its
 * single-fetch twin). Anything else is refused here with 405 and the
 * address's Allow. React Router answers a POST to a route without an action
 * with 405 as well, but as an "Unexpected Server Error" page or JSON, and
 * logs the error with its stack first: a stack in the log for every such
 * request anyone cares to send. TRACE, PROPFIND and the like never reach
 * code that cannot represent them.
 */
const READ_ONLY = ["GET", "HEAD"];
const WITH_ACTION = ["GET", "HEAD", "POST"];

/** A route as matched here: by its id, the build's manifest says whether it has an action. */
type IdentifiedRoute = RouteObject & { id: string };

export function allowRouteMethods(build: ServerBuild): express.RequestHandler {
  const routes = routeTree(build.routes);
  return (request, response, next) => {
    if (request.method === "GET" || request.method === "HEAD") return next();
    const allowed = hasAction(build, routes, request.originalUrl) ? WITH_ACTION : READ_ONLY;
    if (allowed.includes(request.method)) return next();
    response.setHeader("Allow", allowed.join(", "));
    response.status(405).type("text/plain").send("405 Method Not Allowed");
  };
}

/** The build's flat route manifest as the tree React Router matches against (as its server runtime makes it). */
function routeTree(manifest: ServerBuild["routes"], parentId = ""): IdentifiedRoute[] {
  return Object.values(manifest).flatMap((route) => {
    if (!route || (route.parentId ?? "") !== parentId) return [];
    const { id, path, caseSensitive } = route;
    return [route.index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive, children: routeTree(manifest, id) }];
  });
}

/**
 * Whether React Router would find an action for a submission to this
 * address, by its own rules: a ".data" address is the page's single-fetch
 * twin ("/_.data" the home page's); a route without a component (a resource
 * route) is sent the request itself; otherwise the deepest route with a
 * path of its own acts, or an index route when `?index` names it.
 */
function hasAction(build: ServerBuild, routes: IdentifiedRoute[], originalUrl: string): boolean {
  // Joined, not resolved, as the request's own URL is: "//elsewhere/x" stays a path.
  const url = URL.parse(`http://localhost${originalUrl}`);
  if (!url) return false;
  const isDataRequest = url.pathname.endsWith(".data");
  const pathname = url.pathname.endsWith("/_.data") ? url.pathname.slice(0, -"_.data".length) : url.pathname.replace(/\.data$/, "");
  const matches = matchRoutes(routes, pathname, build.basename);
  const leaf = matches?.at(-1);
  if (!matches || !leaf) return false;
  const leafModule = build.routes[leaf.route.id]?.module;
  let target = leaf;
  if (!(leaf.route.index && url.searchParams.getAll("index").includes(""))) {
    const isResourceRoute = !leafModule?.default && !leafModule?.ErrorBoundary;
    if (isDataRequest || !isResourceRoute) target = matches.filter((match, index) => index === 0 || match.route.path).at(-1) ?? leaf;
  }
  return typeof build.routes[target.route.id]?.module.action === "function";
}
