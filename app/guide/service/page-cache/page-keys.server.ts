import { createHash } from "node:crypto";
import type { RenderJob } from "../../render/render-page.server";
import type { UrlTargets } from "../../render/resolve-url.server";

/**
 * The key a rendered page is kept under on disk: everything its render
 * depends on. The page's own job (its Markdown as read, its title, address
 * and front matter), and the site's fingerprint: the renderer's version and
 * the folder's link targets, since a link resolves, and a missing page is
 * reported, by what else the folder holds. A page added, removed or moved
 * changes every page's key; an edit changes only its own page's.
 */

/** The renderer's version and the folder's link targets, hashed once at start. */
export function siteFingerprint(rendererVersion: string, targets: UrlTargets): string {
  const hash = createHash("sha256").update(`${rendererVersion}\n${targets.basePath ?? ""}\n`);
  // Maps and sets in the listing's order, which is sorted: the same folder gives the same text.
  const parts: unknown[] = [
    [...targets.pages],
    [...targets.folders],
    [...targets.pageUrls],
    [...targets.files].map(([file, { version }]) => [file, version]),
    [...(targets.sitePaths ?? [])],
    targets.repositoryPaths ?? [],
  ];
  for (const part of parts) hash.update(JSON.stringify(part)).update("\n");
  return hash.digest("hex");
}

/** A page's key: 64 hex characters. */
export function pageKey(fingerprint: string, job: RenderJob): string {
  return createHash("sha256").update(fingerprint).update("\n").update(JSON.stringify(job)).digest("hex");
}
