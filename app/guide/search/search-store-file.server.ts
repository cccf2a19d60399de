import { DatabaseSync } from "node:sqlite";
import { VOCABULARY_SCHEMA } from "./search-vocabulary.server";

/**
 * The search store's file: its tables, and opening it (search-store.server.ts
 * reads and writes them). A file of another version is not read.
 */

/** Bumped whenever the tables or the way text becomes terms change: a store of another version is rebuilt. */
const SCHEMA_VERSION = 3;

/**
 * Splits only on spaces (every category is a word's but Z*), so the terms
 * query-terms.ts made are the index's: one rule (processTerm) for the pages,
 * the queries and the snippets, with its CJK, case, accent and stop words.
 */
const TOKENIZE = `tokenize="unicode61 remove_diacritics 0 categories 'L* N* C* M* P* S*'"`;

/**
 * `sections` keeps what a result shows; `section_terms` indexes its terms,
 * and `heading_terms` its title and context alone: a short list to rank
 * when a word is in too many sections to rank them all. Both indexes are
 * contentless (the terms are not stored twice) and use the section's id as
 * their rowid, so a page's sections are found by `sections_by_page` and
 * deleted by rowid: FTS5 cannot index a column it does not search.
 * `pages` holds each page's description beside its key: what the lists of
 * every page show (/guide, /llms.txt), read from here rather than held in
 * the server's memory (10 to 15 MB at 50,000 pages).
 */
const SCHEMA = `
  CREATE TABLE pages (path TEXT PRIMARY KEY, key TEXT NOT NULL, description TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE sections (
    id INTEGER PRIMARY KEY, page TEXT NOT NULL, url TEXT NOT NULL,
    page_title TEXT NOT NULL, section_title TEXT, parent_title TEXT, context TEXT NOT NULL, text TEXT NOT NULL);
  CREATE INDEX sections_by_page ON sections (page);
  CREATE VIRTUAL TABLE section_terms USING fts5 (title, context, body, content='', contentless_delete=1, ${TOKENIZE});
  CREATE VIRTUAL TABLE heading_terms USING fts5 (title, context, content='', contentless_delete=1, ${TOKENIZE});
  ${VOCABULARY_SCHEMA}
  CREATE TABLE store_state (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  PRAGMA user_version = ${SCHEMA_VERSION};
`;

/** A file that SQLite opens but that is not a store of this version. */
export class NotAStoreError extends Error {}
export const SQLITE_CORRUPT = 11;
export const SQLITE_NOTADB = 26;

/** `pageLimit`: the file's size in SQLite's pages, past which a write fails as on a full disk (a test's stand-in for one). */
export function openDatabase(file: string, pageLimit?: number): DatabaseSync {
  const db = new DatabaseSync(file);
  try {
    if (pageLimit !== undefined) db.exec(`PRAGMA max_page_count = ${Math.floor(pageLimit)}`);
    // Another process (a second server on the same cache folder) may be writing: wait for it rather than fail.
    db.exec("PRAGMA busy_timeout = 5000");
    if (file !== ":memory:") db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
    // 8 MB: SQLite's own cache stays small; the rest of the file is read from the OS's.
    db.exec("PRAGMA cache_size = -8000");
    // IMMEDIATE: of two processes opening a new file at once, one makes the tables, the other then finds them.
    db.exec("BEGIN IMMEDIATE");
    const { user_version: version } = db.prepare("PRAGMA user_version").get() as { user_version: number };
    const { tables } = db.prepare("SELECT count(*) AS tables FROM sqlite_schema").get() as { tables: number };
    if (version === 0 && tables === 0) db.exec(SCHEMA);
    else if (version !== SCHEMA_VERSION) {
      throw new NotAStoreError(version === 0 ? "not a search index" : `search index version ${version}, not ${SCHEMA_VERSION}`);
    }
    db.exec("COMMIT");
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
