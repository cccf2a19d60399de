import fs from "node:fs";
import type { DatabaseSync } from "node:sqlite";
import type { SearchSection } from "../render/search-sections.server";
import type { SearchIndex } from "./search-types";
import { createStoreSearch, FIRST_SECTION_ID } from "./search-query.server";
import { NotAStoreError, openDatabase, SQLITE_CORRUPT, SQLITE_NOTADB } from "./search-store-file.server";
import { createVocabulary, termsOf, type SectionTerms } from "./search-vocabulary.server";

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
  /** Replaces the page's sections, key and description, in one transaction. */
  putPage(pagePath: string, key: string, sections: readonly SearchSection[], description?: string): void;
  /** The description stored with the page's sections, or undefined when the store has no such page. */
  pageDescription(pagePath: string): string | undefined;
  /** Deletes every page not in `pagePaths` (files removed since the store was written). */
  keepOnly(pagePaths: ReadonlySet<string>): void;
  /** How many pages the store holds sections of. */
  pageCount(): number;
  /** Every page the store holds, with its key, sections and description as they were put: to copy it into another store. */
  everyPage(): Iterable<{ path: string; key: string; sections: SearchSection[]; description: string }>;
  /** Marks the store as holding every page of the folder; survives reopening. */
  markComplete(): void;
  isComplete(): boolean;
  /** Notes that every page's description is current for `state` (the folder's files and the renderer: load-guide.server.ts); survives reopening. */
  markDescribed(state: string): void;
  /** The state `markDescribed` last noted, or null. */
  describedFor(): string | null;
  /** Queries, answered from the store as it is now. */
  readonly index: SearchIndex;
  close(): void;
};

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

type StoredSection = { id: number; url: string; page_title: string; section_title: string | null; parent_title: string | null; context: string; text: string };

function storeOn(db: DatabaseSync): SearchStore {
  const vocabulary = createVocabulary(db);
  const statements = {
    pageKey: db.prepare("SELECT key FROM pages WHERE path = ?"),
    pageKeys: db.prepare("SELECT path, key FROM pages"),
    everyPage: db.prepare("SELECT path, key, description FROM pages"),
    pageDescription: db.prepare("SELECT description FROM pages WHERE path = ?"),
    pagePaths: db.prepare("SELECT path FROM pages"),
    pageCount: db.prepare("SELECT count(*) AS count FROM pages"),
    pageSections: db.prepare("SELECT id, url, page_title, section_title, parent_title, context, text FROM sections WHERE page = ? ORDER BY id"),
    deleteTerms: db.prepare("DELETE FROM section_terms WHERE rowid = ?"),
    deleteHeadingTerms: db.prepare("DELETE FROM heading_terms WHERE rowid = ?"),
    deleteSections: db.prepare("DELETE FROM sections WHERE page = ?"),
    deletePage: db.prepare("DELETE FROM pages WHERE path = ?"),
    putPage: db.prepare("INSERT OR REPLACE INTO pages (path, key, description) VALUES (?, ?, ?)"),
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
    putPage(pagePath, key, sections, description = "") {
      inTransaction(() => {
        deletePage(pagePath);
        statements.putPage.run(pagePath, key, description);
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
    pageDescription: (pagePath) => (statements.pageDescription.get(pagePath) as { description: string } | undefined)?.description,
    pageCount: () => (statements.pageCount.get() as { count: number }).count,
    *everyPage() {
      for (const { path, key, description } of statements.everyPage.all() as Array<{ path: string; key: string; description: string }>) {
        const rows = statements.pageSections.all(path) as StoredSection[];
        const sections = rows.map((row) => ({ url: row.url, pageTitle: row.page_title, sectionTitle: row.section_title, parentTitle: row.parent_title, context: row.context, text: row.text }));
        yield { path, key, sections, description };
      }
    },
    isComplete,
    markDescribed: (state) => inTransaction(() => statements.writeState.run("described", state)),
    describedFor: () => (statements.readState.get("described") as { value: string } | undefined)?.value ?? null,
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
