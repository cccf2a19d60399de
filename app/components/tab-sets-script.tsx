import { useSyncExternalStore } from "react";
import { hasTabSets } from "../guide/render/markdown/tab-list";
import { useNonce } from "../nonce";

/**
 * The blocking script before a guide page's article that has tab sets: it
 * runs before any of them is parsed, so the first frame already shows each
 * set as tabs with the remembered tab chosen, and nothing moves when
 * tab-sets.ts makes them work after hydration.
 *
 * - It marks <html data-tabs>: styles/tabs.css then shows each set's row of
 *   tabs (hidden in the markup, for pages without JavaScript) and only its
 *   default panel.
 * - For each group with a remembered choice (localStorage `tabs`, written
 *   by tab-sets.ts), it adds rules for the sets of that group that have
 *   that tab: that panel shown and its tab drawn chosen instead. A
 *   constructed stylesheet, which the Content-Security-Policy's style-src
 *   does not govern (it governs <style> elements and stylesheet requests).
 *
 * The rules only match a set whose row is still `hidden`, which tab-sets.ts
 * removes, so they never fight its own state. The look of a chosen tab is
 * written here and in tabs.css: keep the two alike.
 *
 * Sent as its function's source text (minified in the server's build, a
 * few hundred bytes): it may use nothing from outside itself.
 */
function showRememberedTabs() {
  const doc = document;
  doc.documentElement.dataset.tabs = "";
  try {
    const choices = JSON.parse(localStorage.tabs || "{}");
    let css = "";
    for (const group in choices) {
      const key = `[data-tab-key="${CSS.escape(choices[group])}"]`;
      const row = `[data-tab-group="${CSS.escape(group)}"]:has(>${key})>.tab-list[hidden]`;
      css += `${row}~.tab{display:none}${row}~${key}{display:block}`;
      css += `${row}>*{color:var(--text-muted);border-color:transparent}${row}>${key}{color:var(--text);border-color:var(--accent)}`;
    }
    if (css) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    }
  } catch {
    // Storage blocked or not JSON: the default tabs, as for a first visit.
  }
}

const SCRIPT_ID = "tab-sets-script";

const noSubscription = () => () => {};
// Written once: the server renders it into every guide page with tab sets.
const SCRIPT_TEXT = import.meta.env.SSR ? `(${String(showRememberedTabs)})()` : "";

/**
 * Only on a page whose article has a tab set: on any other it would cost
 * every visit its bytes for nothing. A page reached by a client-side
 * navigation needs no script (tab-sets.ts shows its tabs before it is
 * painted), so one without tabs before it leaves nothing to make up for.
 */
export function TabSetsScript({ html }: { html: string }) {
  const nonce = useNonce();
  // True on the server and while hydrating, false after and on a page the
  // browser renders itself.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (!hasTabSets(html)) return null;
  if (import.meta.env.SSR) return <script id={SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT_TEXT }} />;
  // In the browser it has run before React starts: hydration gets the very
  // element the server sent, read back from the page (as the theme's head
  // script is), so its text need not be in the bundle. Once hydrated, and on
  // a page the browser renders itself (a client-side navigation, when the
  // guide's article mounts anew), there is nothing to run (tab-sets.ts works
  // before that page is painted), and React warns about a script it creates.
  if (!hydrating) return null;
  const element = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
  if (!element) return null;
  return <script id={SCRIPT_ID} nonce={element.nonce || undefined} dangerouslySetInnerHTML={{ __html: element.textContent ?? "" }} />;
}
