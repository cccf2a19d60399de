import { createHash } from "node:crypto";
import type { RenderJob } from "../../render/render-page.server";
import { createLineHash } from "../../load/line-hash.server";
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
  // A line per target, each text led by its length, so that no two sets of targets read the same;
  // in the listing's order, which is sorted: the same folder gives the same lines.
  const field = (text: string) => `${text.length}:${text}`;
  const hash = createLineHash(`${field(rendererVersion)}\n${field(targets.basePath ?? "")}\n`);
  for (const [file, url] of targets.pages) hash.add(`p ${field(file)} ${field(url)}\n`);
  for (const [folder, url] of targets.folders) hash.add(`d ${field(folder)} ${field(url)}\n`);
  for (const url of targets.pageUrls) hash.add(`u ${field(url)}\n`);
  for (const [file, { version }] of targets.files) hash.add(`f ${field(file)} ${field(version)}\n`);
  for (const sitePath of targets.sitePaths ?? []) hash.add(`s ${field(sitePath)}\n`);
  for (const repositoryPath of targets.repositoryPaths ?? []) hash.add(`r ${field(repositoryPath)}\n`);
  return hash.digest();
}

/** A page's key: 64 hex characters. */
export function pageKey(fingerprint: string, job: RenderJob): string {
  return createHash("sha256").update(fingerprint).update("\n").update(JSON.stringify(job)).digest("hex");
}
