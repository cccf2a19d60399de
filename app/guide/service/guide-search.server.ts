import path from "node:path";
import { openSearchStore, type SearchStore } from "../search/search-store.server";
import type { CannotWrite } from "./page-cache/docs-folder-cache.server";

/**
 * The guide's search store: a file in the docs folder's part of the cache
 * folder, so that a restart finds the index it left (and a second server on
 * the same folder shares it); in memory without a cache folder, or when the
 * file cannot be kept there (one warning). When the disk fills while it is
 * written, it moves to memory (`movingToMemory`).
 */
export function openGuideSearch(cacheFolder: string | null, warn: (message: string) => void, cannotWrite?: CannotWrite): SearchStore {
  if (cacheFolder === null) return openSearchStore(":memory:", { warn });
  const file = path.join(cacheFolder, "search.sqlite");
  try {
    // The folder was made and tried when the guide loaded (page-cache/docs-folder-cache.server.ts).
    const store = openSearchStore(file, { warn });
    return cannotWrite ? movingToMemory(store, cannotWrite, warn) : store;
  } catch (error) {
    warn(`Search index ${file}: cannot be kept there (${(error as Error).message.split("\n")[0]}); it is kept in memory`);
    return openSearchStore(":memory:", { warn });
  }
}

/** SQLite's codes for a file it cannot write any more: read-only, an I/O error, a full disk, a file it cannot open. */
const CANNOT_WRITE = new Set([8, 10, 13, 14]);
const cannotWriteFile = (error: unknown) => CANNOT_WRITE.has(((error as { errcode?: number }).errcode ?? 0) & 0xff);

/**
 * `store`, until a write fails because its file cannot be written (the disk
 * filled, it turned read-only): then every page it holds is copied into a
 * store in memory, which takes that write and all later ones, and
 * `cannotWrite` is told. A full disk still reads, so nothing indexed is
 * lost, and the search still comes complete. Left to itself, the store
 * failed that write and every later one, and the search stayed incomplete.
 */
export function movingToMemory(store: SearchStore, cannotWrite: CannotWrite, warn: (message: string) => void): SearchStore {
  let current = store;
  function written<T>(write: (into: SearchStore) => T): T {
    try {
      return write(current);
    } catch (error) {
      if (current !== store || !cannotWriteFile(error)) throw error;
      cannotWrite((error as Error).message);
      const memory = openSearchStore(":memory:", { warn });
      for (const page of store.everyPage()) memory.putPage(page.path, page.key, page.sections, page.description);
      if (store.isComplete()) memory.markComplete();
      const described = store.describedFor();
      if (described !== null) memory.markDescribed(described);
      store.close();
      current = memory;
      return write(current);
    }
  }
  return {
    pageKey: (pagePath) => current.pageKey(pagePath),
    pageKeys: () => current.pageKeys(),
    putPage: (pagePath, key, sections, description) => written((into) => into.putPage(pagePath, key, sections, description)),
    pageDescription: (pagePath) => current.pageDescription(pagePath),
    keepOnly: (pagePaths) => written((into) => into.keepOnly(pagePaths)),
    markComplete: () => written((into) => into.markComplete()),
    pageCount: () => current.pageCount(),
    everyPage: () => current.everyPage(),
    isComplete: () => current.isComplete(),
    markDescribed: (state) => written((into) => into.markDescribed(state)),
    describedFor: () => current.describedFor(),
    // Handed out once (the completion keeps it): it asks whichever store is in use.
    index: { search: (query, options) => current.index.search(query, options) },
    close: () => current.close(),
  };
}
