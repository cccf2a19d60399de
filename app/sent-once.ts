import { createContext, use } from "react";

/**
 * Values a page's markup already carries — the article's HTML, its sections,
 * the guide's navigation — sent once per document instead of twice.
 *
 * A document response holds the rendered HTML and, for hydration, every
 * loader's data: a big value would travel in both. So on a document request
 * the loader leaves it out of its data (`sendOnce`, sent-once.server.ts) and
 * hands it to the server render through the request's context, which
 * entry.server.tsx provides here. In the browser, hydration reads it back
 * from the markup it is hydrating, so it finds exactly what the server sent.
 * Client-side navigations fetch data, and there the value is in the data.
 */
/** The values kept back, each with the `data-sent-once` attribute of the element it is read back from. */
export type SentOnceKey = "guide-nav" | "guide-article" | "guide-headings";

export const SentOnceContext = createContext<ReadonlyMap<SentOnceKey, unknown> | null>(null);

/**
 * What hydration read from the markup, by key. Read once, before anything
 * (copy buttons, an opened group) changes the elements it was read from; a
 * value in the data only ever comes from the document's own loader data, so
 * one read per key is all there is.
 */
const readFromMarkup = new Map<SentOnceKey, unknown>();

/**
 * `fromData` when the loader sent it; otherwise the value the loader kept
 * back: on the server from the render's context, in the browser read from
 * the server's markup by `readMarkup`.
 */
export function useSentOnce<T>(key: SentOnceKey, fromData: T | null, readMarkup: () => T): T {
  const serverValues = use(SentOnceContext);
  if (fromData !== null) return fromData;
  if (import.meta.env.SSR) {
    if (!serverValues?.has(key)) throw new Error(`"${key}" was left out of the loader's data but not handed to the render`);
    return serverValues.get(key) as T;
  }
  if (!readFromMarkup.has(key)) readFromMarkup.set(key, readMarkup());
  return readFromMarkup.get(key) as T;
}

/** The element a kept-back value is read back from, marked `data-sent-once={key}`. */
export function sentOnceElement(key: SentOnceKey): Element {
  const element = findSentOnceElement(key);
  if (!element) throw new Error(`No element with data-sent-once="${key}" to read "${key}" back from`);
  return element;
}

/** The same, or null where the page may show no such element (the sections' list of a page of one section). */
export function findSentOnceElement(key: SentOnceKey): Element | null {
  return document.querySelector(`[data-sent-once="${key}"]`);
}
