import fs from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { SearchSection } from "../render/search-sections.server";
import type { SearchIndex } from "./search-types";
import { createStoreSearch, FIRST_SECTION_ID } from "./search-query.server";
import { createVocabulary, termsOf, VOCABULARY_SCHEMA, type SectionTerms } from "./search-vocabulary.server";

/**
 * The search index on disk: SQLite's FTS5 through node:sqlite, so the index
 * of a folder of tens of thousands of pages costs a bounded cache of memory,
 * not the whole index, and survives a restart (each page's content key says
 * whether its sections are still current). Queries are made in
 * search-query.server.ts.
 */

export type SearchStore = {
  /** The content key stored with this page's sections (relativePath → key), or undefined when the page has none. */
  pageKey(pagePath: string): string | undefined;
  /** Every page's content key, by relativePath, in one query: for a pass over every page. */
  pageKeys(): Map<string, string>;
  /** Replaces the page's sections and key, in one transaction. */
  putPage(pagePath: string, key: string, sections: readonly SearchSection[]): void;
  /** Deletes every page not in `pagePaths` (files removed since the store was written). */
  keepOnly(pagePaths: ReadonlySet<string>): void;
  /** How many pages the store holds sections of. */
  pageCount(): number;
  /** Every page the store holds, with its key and sections as they were put: to copy it into another store. */
  everyPage(): Iterable<{ path: string; key: string; sections: SearchSection[] }>;
  /** Marks the store as holding every page of the folder; survives reopening. */
  markComplete(): void;
  isComplete(): boolean;
  /** Queries, answered from the store as it is now. */
  readonly index: SearchIndex;
  close(): void;
};

/** Bumped whenever the tables or the way text becomes terms change: a store of another version is rebuilt. */
const SCHEMA_VERSION = 2;

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
 */
const SCHEMA = `
  CREATE TABLE pages (path TEXT PRIMARY KEY, key TEXT NOT NULL) WITHOUT ROWID;
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
class NotAStoreError extends Error {}
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** The store in `file` (":memory:" for one held in memory); a file that is not a store is made again. */
export function openSearchStore(file: string, { warn = () => {}, pageLimit }: { warn?: (message: string) => void; pageLimit?: number } = {}): SearchStore {
  let db: DatabaseSync;
  try {
    db = openDatabase(file, pageLimit);
  } catch (error) {
    // Only a file that is no store is deleted: not one that is busy or out of reach (a folder's permissions).
    const errcode = (error as { errcode?: number }).errcode ?? 0;
    const notAStore = error instanceof NotAStoreError || [SQLITE_CORRUPT, SQLITE_NOTADB].includes(errcode & 0xff);
    if (file === ":memory:" || !notAStore) throw error;
    warn(`The search index ${file} is not one this version can read (${(error as Error).message}): it is made again.`);
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    db = openDatabase(file, pageLimit);
  }
  return storeOn(db);
}

/** `pageLimit`: the file's size in SQLite's pages, past which a write fails as on a full disk (a test's stand-in for one). */
function openDatabase(file: string, pageLimit?: number): DatabaseSync {
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

type StoredSection = { id: number; url: string; page_title: string; section_title: string | null; parent_title: string | null; context: string; text: string };

function storeOn(db: DatabaseSync): SearchStore {
  const vocabulary = createVocabulary(db);
  const statements = {
    pageKey: db.prepare("SELECT key FROM pages WHERE path = ?"),
    pageKeys: db.prepare("SELECT path, key FROM pages"),
    pagePaths: db.prepare("SELECT path FROM pages"),
    pageCount: db.prepare("SELECT count(*) AS count FROM pages"),
    pageSections: db.prepare("SELECT id, url, page_title, section_title, parent_title, context, text FROM sections WHERE page = ? ORDER BY id"),
    deleteTerms: db.prepare("DELETE FROM section_terms WHERE rowid = ?"),
    deleteHeadingTerms: db.prepare("DELETE FROM heading_terms WHERE rowid = ?"),
    deleteSections: db.prepare("DELETE FROM sections WHERE page = ?"),
    deletePage: db.prepare("DELETE FROM pages WHERE path = ?"),
    putPage: db.prepare("INSERT OR REPLACE INTO pages (path, key) VALUES (?, ?)"),
    lastIds: db.prepare(
      `SELECT (SELECT coalesce(max(id), 0) FROM sections WHERE id < ${FIRST_SECTION_ID}) AS introduction, ` +
        `(SELECT coalesce(max(id), ${FIRST_SECTION_ID - 1}) FROM sections WHERE id >= ${FIRST_SECTION_ID}) AS section`,
    ),
    insertSection: db.prepare("INSERT INTO sections (id, page, url, page_title, section_title, parent_title, context, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
    insertTerms: db.prepare("INSERT INTO section_terms (rowid, title, context, body) VALUES (?, ?, ?, ?)"),
    insertHeadingTerms: db.prepare("INSERT INTO heading_terms (rowid, title, context) VALUES (?, ?, ?)"),
    readState: db.prepare("SELECT value FROM store_state WHERE name = ?"),
    writeState: db.prepare("INSERT OR REPLACE INTO store_state (name, value) VALUES (?, ?)"),
  };

  function deletePage(pagePath: string) {
    const stored = statements.pageSections.all(pagePath) as StoredSection[];
    for (const { id } of stored) {
      statements.deleteTerms.run(id);
      statements.deleteHeadingTerms.run(id);
    }
    // The vocabulary's counts go down by the terms the index held for these sections, made again from their text.
    const terms = (section: StoredSection) => indexTerms(section.section_title ?? section.page_title, section.context, section.text);
    vocabulary.record(stored.map((section) => terms(section).counted), -1, { now: false });
    statements.deleteSections.run(pagePath);
    statements.deletePage.run(pagePath);
  }

  function inTransaction(write: () => void) {
    // IMMEDIATE: take the write lock now, so a second writer waits (busy_timeout) instead of failing halfway.
    db.exec("BEGIN IMMEDIATE");
    try {
      write();
      db.exec("COMMIT");
    } catch (error) {
      // SQLite has rolled back already after some errors (a full disk): the error to throw is still that one.
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }

  // Only ever set, never cleared: once read as complete, it is not read again (a search asks on every request).
  let completeSeen = false;
  const isComplete = () => (completeSeen ||= (statements.readState.get("complete") as { value: string } | undefined)?.value === "yes");

  return {
    pageKey: (pagePath) => (statements.pageKey.get(pagePath) as { key: string } | undefined)?.key,
    pageKeys: () => new Map((statements.pageKeys.all() as Array<{ path: string; key: string }>).map(({ path, key }) => [path, key])),
    putPage(pagePath, key, sections) {
      inTransaction(() => {
        deletePage(pagePath);
        statements.putPage.run(pagePath, key);
        let { introduction, section: other } = statements.lastIds.get() as { introduction: number; section: number };
        const counted: SectionTerms[] = [];
        for (const section of sections) {
          // Introductions have the ids below FIRST_SECTION_ID, so the ranking can boost them from the FTS
          // index alone, and a list in the index's order has the pages first.
          const id = section.sectionTitle === null ? ++introduction : ++other;
          const terms = indexTerms(section.sectionTitle ?? section.pageTitle, section.context, section.text);
          statements.insertSection.run(id, pagePath, section.url, section.pageTitle, section.sectionTitle, section.parentTitle, section.context, section.text);
          statements.insertTerms.run(id, terms.title, terms.context, terms.body);
          statements.insertHeadingTerms.run(id, terms.title, terms.context);
          counted.push(terms.counted);
        }
        // A complete store is being kept up to date (a page was edited): its new words are completed at once.
        vocabulary.record(counted, 1, { now: isComplete() });
      });
    },
    keepOnly(pagePaths) {
      inTransaction(() => {
        const stored = (statements.pagePaths.all() as Array<{ path: string }>).map((row) => row.path);
        for (const path of stored) if (!pagePaths.has(path)) deletePage(path);
        vocabulary.fold();
      });
    },
    markComplete() {
      inTransaction(() => {
        vocabulary.fold();
        statements.writeState.run("complete", "yes");
      });
    },
    pageCount: () => (statements.pageCount.get() as { count: number }).count,
    *everyPage() {
      for (const { path, key } of statements.pageKeys.all() as Array<{ path: string; key: string }>) {
        const rows = statements.pageSections.all(path) as StoredSection[];
        const sections = rows.map((row) => ({ url: row.url, pageTitle: row.page_title, sectionTitle: row.section_title, parentTitle: row.parent_title, context: row.context, text: row.text }));
        yield { path, key, sections };
      }
    },
    isComplete,
    index: createStoreSearch(db),
    close: () => db.close(),
  };
}

/** A section's fields as the FTS columns hold them (processed terms joined by spaces), and as the vocabulary counts them. */
function indexTerms(title: string, context: string, body: string) {
  const [titleTerms, contextTerms, bodyTerms] = [title, context, body].map(termsOf) as [string[], string[], string[]];
  const heading = [...titleTerms, ...contextTerms];
  return {
    title: titleTerms.join(" "),
    context: contextTerms.join(" "),
    body: bodyTerms.join(" "),
    counted: { all: [...heading, ...bodyTerms], heading } satisfies SectionTerms,
  };
}
