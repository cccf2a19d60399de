import { useEffect, useState, useSyncExternalStore, type RefObject } from "react";

/** The search box's hooks (search-box.tsx): its keyboard shortcuts, and whether the page is hydrated. */

/**
 * `/` and Ctrl/Cmd-K focus the search box from anywhere but another text
 * field. True once they do, for the box to name those keys
 * (aria-keyshortcuts): not before a script listens for them.
 */
export function useSearchShortcuts(inputRef: RefObject<HTMLInputElement | null>): boolean {
  const [listening, setListening] = useState(false);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey;
      const commandK = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.shiftKey;
      const input = inputRef.current;
      if ((!slash && !commandK) || !input) return;
      if (event.target === input ? slash : isTextField(event.target)) return;
      event.preventDefault();
      input.focus();
      input.select();
    }
    document.addEventListener("keydown", onKeyDown);
    setListening(true);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [inputRef]);
  return listening;
}

const NOT_TYPED_IN = new Set(["button", "checkbox", "color", "file", "image", "radio", "range", "reset", "submit"]);

/** Where `/` is a character someone is typing, not a shortcut. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TYPED_IN.has(target.type);
}

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true after: the combobox
 * attributes appear only once a script can keep their promise, and the
 * first client render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
