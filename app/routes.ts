import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // The guide's navigation around its pages, and around the later parts of a large folder's list of
  // every page, which live out of /guide so that no page of a folder can have their addresses.
  layout("routes/guide.tsx", [
    route("guide", "routes/guide-index.tsx"),
    route("guide/*", "routes/guide-page.tsx"),
    route("guide-pages/:part", "routes/guide-list-part.tsx"),
  ]),
  route("guide-files/*", "routes/guide-file.ts"),
  route("search", "routes/search.tsx"),
  route("appearance", "routes/appearance.tsx"),
  route("theme", "routes/theme.ts"),
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-part.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
