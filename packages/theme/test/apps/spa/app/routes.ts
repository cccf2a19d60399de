import { index, route, type RouteConfig } from "@react-router/dev/routes";

// SPA mode leaves out the quick start's theme route (steps 2 and 3).
export default [
  index("routes/home.tsx"),
  // The fixture's second page, for navigations and the back/forward cache.
  route("about", "routes/about.tsx"),
  route("settings", "routes/settings.tsx"),
] satisfies RouteConfig;
