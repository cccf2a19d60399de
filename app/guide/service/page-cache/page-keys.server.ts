import { createHash } from "node:crypto";
import type { RenderJob } from "../../render/render-page.server";
import { createLineHash } from "../../load/line-hash.server";
import type { UrlTargets } from "../../render/resolve-url.server";

/**
 * The key a rendered page is kept under on disk: the renderer's version and
 * the page's own job (its Markdown as read, its title, address and front
 * matter). What else the folder holds matters only to the page's links,
 * and the entry carries those with what each resolved to
 * (render/resolve-url.server.ts, `resolvesAsBefore`): an entry whose links
 * resolve otherwise now is rendered again under the same key. So an edit
 * renders again only its own page, and a page added, removed or moved only
 * the pages that link to where it is or was.
 */

/** The renderer's version and the folder's link targets, hashed once at start: what a start's findings (the descriptions in the search store) are valid for. */
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
export function pageKey(rendererVersion: string, job: RenderJob): string {
  return createHash("sha256").update(rendererVersion).update("\n").update(JSON.stringify(job)).digest("hex");
}
