import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // The fixture's second page, for navigations and the back/forward cache.
  route("about", "routes/about.tsx"),
  route("settings", "routes/settings.tsx"),
  route("theme", "routes/theme.ts"),
] satisfies RouteConfig;
