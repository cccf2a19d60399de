import { useEffect, useRef, useState } from "react";
import { useHref, useRevalidator } from "react-router";
import { CONTENT_ERROR_EVENT, CONTENT_UPDATED_EVENT, LIVE_RELOAD_PATH, LISTENING_EVENT } from "./live-reload-event";

/**
 * Development only: when the content folder changes, the server says so, and
 * the page fetches its data again, so an edit shows without a reload and
 * without losing the scroll position. Two servers say so:
 * - the development server (`npm run dev`, vite-plugin-content.ts), through
 *   Vite's channel, which also shows a folder that no longer loads in Vite's
 *   error overlay. In a production build `import.meta.hot` is undefined.
 * - `themed-guide dev` (`serverEvents`), through server-sent events
 *   (server/live-reload.ts); its error is shown here, over the page, until a
 *   change fixes it.
 */
export function useContentLiveReload(serverEvents: boolean): string | null {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const eventsUrl = useHref(LIVE_RELOAD_PATH);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    const onUpdate = () => {
      // The folder loads again, so the error shown over the page is over.
      for (const overlay of document.querySelectorAll("vite-error-overlay")) overlay.remove();
      void latest.current.revalidate();
    };
    hot.on(CONTENT_UPDATED_EVENT, onUpdate);
    // Pages that do not say so are reloaded whole instead.
    hot.send(LISTENING_EVENT);
    return () => hot.off(CONTENT_UPDATED_EVENT, onUpdate);
  }, []);

  useEffect(() => {
    if (!serverEvents) return;
    const events = new EventSource(eventsUrl);
    events.addEventListener(CONTENT_UPDATED_EVENT, () => {
      setError(null);
      void latest.current.revalidate();
    });
    events.addEventListener(CONTENT_ERROR_EVENT, (event) => setError((event as MessageEvent<string>).data));
    return () => events.close();
  }, [serverEvents, eventsUrl]);

  return error;
}

/** `useContentLiveReload` as an element, for root.tsx's layout: the folder's error, when there is one, over the page. */
export function ContentLiveReload({ serverEvents = false }: { serverEvents?: boolean }) {
  const error = useContentLiveReload(serverEvents);
  if (error === null) return null;
  return (
    <div role="alert" className="live-reload-error">
      <strong>The folder does not load:</strong> {error}
    </div>
  );
}
