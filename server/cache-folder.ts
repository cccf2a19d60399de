import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";

/**
 * Where the server's docs folder and cache folder are, and a docs folder's
 * own part of the cache folder: read by the settings
 * (app/settings.server.ts), by the guide's caches, and before either by
 * the server starting itself again (start-heap.ts), which runs from
 * source before the app's build is loaded.
 */

/** The site's own guide: the docs folder when CONTENT_DIR names none. */
export const BUILT_IN_CONTENT = "content";

/** CONTENT_DIR and CACHE_DIR as given (trimmed; undefined when empty), made absolute against `cwd`. */
export function siteFolders(given: { CONTENT_DIR?: string; CACHE_DIR?: string }, env: Record<string, string | undefined>, cwd: string): { contentDir: string; cacheDir: string } {
  return {
    contentDir: path.resolve(cwd, given.CONTENT_DIR ?? BUILT_IN_CONTENT),
    cacheDir: given.CACHE_DIR === undefined ? defaultCacheDir(env) : path.resolve(cwd, given.CACHE_DIR),
  };
}

/** Where programs keep caches for their user (the XDG convention, which is also what most tools use on macOS from a shell). */
export function defaultCacheDir(env: Record<string, string | undefined>): string {
  const base = env.XDG_CACHE_HOME?.trim() || (os.homedir() ? path.join(os.homedir(), ".cache") : os.tmpdir());
  return path.join(path.resolve(base), "themed-guide");
}

/** A docs folder's own part of the cache folder: apart from other folders' and from the same folder's under another base path. */
export function docsFolderCacheFolder(cacheDir: string, root: string, basePath: string): string {
  return path.join(cacheDir, createHash("sha256").update(`${root}\n${basePath}`).digest("hex").slice(0, 32));
}
