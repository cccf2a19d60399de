import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { CONTENT_UPDATED_EVENT, LISTENING_EVENT } from "./live-reload-event";

/**
 * Development only: when the content folder changes, the development server
 * (vite-plugin-content.ts) says so, and the page fetches its data again, so
 * an edit shows without a reload and without losing the scroll position,
 * and an error it showed over the page goes away.
 * In a production build `import.meta.hot` is undefined and this is nothing.
 */
export function useContentLiveReload() {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;

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
}

/** `useContentLiveReload` as an element, for root.tsx's layout. */
export function ContentLiveReload() {
  useContentLiveReload();
  return null;
}
