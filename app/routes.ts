import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("guide", "routes/guide.tsx", [
    index("routes/guide-index.tsx"),
    route("*", "routes/guide-page.tsx"),
  ]),
  route("guide-files/*", "routes/guide-file.ts"),
  route("search", "routes/search.tsx"),
  route("appearance", "routes/appearance.tsx"),
  route("theme", "routes/theme.ts"),
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
