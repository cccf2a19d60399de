import { createContext, type RouterContextProvider } from "react-router";
import type { SentOnceKey } from "./sent-once";

/**
 * The server half of sent-once.ts: what loaders kept out of a document's
 * data, for the render of that document only. Null until a loader keeps
 * something back, so no request ever shares another's map.
 */
const keptBack = createContext<Map<SentOnceKey, unknown> | null>(null);

/**
 * Client-side navigations and revalidations fetch `<path>.data`; a document
 * request (a browser's, the page cache's) never does. Loaders also get a
 * normalised `url` without the suffix, so the raw `request.url` is the one to ask.
 */
export function isDocumentRequest(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith(".data");
}

/**
 * The value for the loader's data: itself for a data request; null for a
 * document request, where it goes to the render instead and the browser
 * reads it back from the markup (`useSentOnce` with the same key).
 */
export function sendOnce<T>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  key: SentOnceKey,
  value: T,
): T | null {
  if (!isDocumentRequest(request)) return value;
  let values = context.get(keptBack);
  if (!values) {
    values = new Map();
    context.set(keptBack, values);
  }
  values.set(key, value);
  return null;
}

/** For entry.server.tsx: the values to provide to the render through `SentOnceContext`. */
export function keptBackValues(context: Readonly<RouterContextProvider> | undefined): ReadonlyMap<SentOnceKey, unknown> | null {
  return context?.get(keptBack) ?? null;
}
