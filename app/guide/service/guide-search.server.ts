import path from "node:path";
import { makeFolderSync } from "../load/make-folder.server";
import { openSearchStore, type SearchStore } from "../search/search-store.server";

/**
 * The guide's search store: a file in the docs folder's part of the cache
 * folder, so that a restart finds the index it left (and a second server on
 * the same folder shares it); in memory without a cache folder, or when the
 * file cannot be kept there (one warning).
 */
export function openGuideSearch(cacheFolder: string | null, warn: (message: string) => void): SearchStore {
  if (cacheFolder === null) return openSearchStore(":memory:", { warn });
  const file = path.join(cacheFolder, "search.sqlite");
  try {
    makeFolderSync(cacheFolder);
    return openSearchStore(file, { warn });
  } catch (error) {
    warn(`Search index ${file}: cannot be kept there (${(error as Error).message.split("\n")[0]}); it is kept in memory`);
    return openSearchStore(":memory:", { warn });
  }
}
