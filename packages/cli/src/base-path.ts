import type { ServerBuild } from "react-router";
import { UsageError } from "./command-line.ts";

/**
 * `build --base /docs/`: an export served from a folder of its host (a
 * GitHub Pages project site is https://owner.github.io/<repository>/).
 * The site's build is made for the host's root; its request handler is given
 * the base instead, as React Router's basename (its links, redirects and
 * data requests follow it) and before every browser file the build names.
 */

// A segment of a URL's path that needs no escaping and means no folder above.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;

/** "/docs/", "docs" or "/a/b" → "/docs", "/a/b"; "/" → "" (the host's root). */
export function parseBasePath(value: string): string {
  const segments = value.split("/").filter((segment) => segment !== "");
  if (!value.startsWith("/") && /^[a-z][a-z\d+.-]*:/i.test(value)) {
    throw new UsageError(`build: --base is a path such as /my-repo/, not an address (got ${JSON.stringify(value)})`);
  }
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) {
      throw new UsageError(`build: --base takes letters, digits and . _ ~ - between its slashes, such as /my-repo/ (got ${JSON.stringify(value)})`);
    }
  }
  return segments.length === 0 ? "" : `/${segments.join("/")}`;
}

type Manifest = ServerBuild["assets"];
type ManifestRoute = Manifest["routes"][string] & Record<string, unknown>;

// A route's browser files: its module, the modules split from it, what they import.
const ROUTE_FILES = ["module", "clientActionModule", "clientLoaderModule", "clientMiddlewareModule", "hydrateFallbackModule"] as const;

/** The server build, answering under `basePath` ("" gives it back as it is). */
export function rebaseBuild(build: ServerBuild, basePath: string): ServerBuild {
  if (basePath === "") return build;
  // With its final "/", the base's own address is a page's ("/docs/", whose data React Router asks for as /docs/_.data).
  return { ...build, basename: `${basePath}/`, assets: rebaseManifest(build.assets, basePath) };
}

export function rebaseManifest(manifest: Manifest, basePath: string): Manifest {
  const rebase = (url: string) => (url.startsWith("/") ? basePath + url : url);
  const routes = Object.fromEntries(
    Object.entries(manifest.routes).map(([id, route]) => {
      const rebased: ManifestRoute = { ...(route as ManifestRoute) };
      for (const key of ROUTE_FILES) if (typeof rebased[key] === "string") rebased[key] = rebase(rebased[key]);
      if (rebased.imports) rebased.imports = rebased.imports.map(rebase);
      if (rebased.css) rebased.css = rebased.css.map(rebase);
      return [id, rebased];
    }),
  );
  // (React Router's type leaves out the entry's `css`, which its manifests have.)
  const entry: Manifest["entry"] & { css?: string[] } = { ...manifest.entry, module: rebase(manifest.entry.module), imports: manifest.entry.imports.map(rebase) };
  if (entry.css) entry.css = entry.css.map(rebase);
  const sri = typeof manifest.sri === "object" ? Object.fromEntries(Object.entries(manifest.sri).map(([url, hash]) => [rebase(url), hash])) : manifest.sri;
  return { ...manifest, entry, routes, url: rebase(manifest.url), ...(sri === undefined ? {} : { sri }) };
}

/** The browser's copy of the manifest, as React Router writes it (the file at `manifest.url`). */
export function manifestScript(manifest: Manifest): string {
  return `window.__reactRouterManifest=${JSON.stringify(manifest)};`;
}
