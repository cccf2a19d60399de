/**
 * The tab sets of rendered Markdown (`.tabs`, rehype-tab-sets.ts) made real
 * tabs once the HTML is in the page, as the WAI-ARIA tabs pattern has them:
 * the server's markup already has the tablist, its tabs and what each
 * controls; here each panel becomes a tabpanel and the row one tab stop
 * (the chosen tab). Left and Right (the other way round on a right-to-left
 * page) move along the row, Home and End to its ends, and moving chooses; a
 * panel with nothing focusable in it is a tab stop itself.
 *
 * A choice is made in every set of the same group on the page (a group is a
 * Docusaurus `groupId`, a Starlight `syncKey`, or for MkDocs and code groups
 * the set of labels: tab.ts), and remembered in localStorage `tabs`, which
 * tab-sets-script.tsx reads before the next page's first paint. The
 * browser's scroll anchoring keeps the clicked tab in place while sets above
 * it change height.
 *
 * Hidden panels are `hidden="until-found"`: the browser's find in page and
 * a link to something inside one open it (`beforematch`), and so does a
 * page opened at such a #fragment; neither changes what is remembered.
 *
 * Every byte is in a first visit's JavaScript: hence one listener for all
 * events, and little else.
 */
const STORAGE_KEY = "tabs";
// What a visitor can reach with Tab; a heading's "#" link (tabindex -1) is not.
const FOCUSABLE = ":is(a[href],button,input,select,textarea,summary,[tabindex]):not([tabindex^='-'])";

/** Makes every tab set in `container` work; the returned cleanup stops listening. */
export function enhanceTabSets(container: HTMLElement): () => void {
  const remembered = readChoices();
  for (const list of container.querySelectorAll<HTMLElement>(".tab-list[hidden]")) {
    const set = list.parentElement!;
    for (const tab of tabsOf(set)) {
      panelOf(tab).setAttribute("role", "tabpanel");
      panelOf(tab).setAttribute("aria-labelledby", tab.id);
    }
    const choice = remembered[set.dataset.tabGroup!];
    select(set, keysOf(set).includes(choice) ? choice : set.querySelector<HTMLElement>("[data-tab-default]")!.dataset.tabKey);
    // Last: the stylesheet's rules for the first paint match only while it is hidden.
    list.hidden = false;
  }
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target && container.contains(target) && reveal(target)) target.scrollIntoView();

  const abort = new AbortController();
  const listen = (event: Event) => {
    // The browser found the text, or the fragment, it looks for in a hidden panel.
    if (event.type === "beforematch") return void reveal(event.target as Element);
    const tab = (event.target as Element).closest<HTMLElement>(".tab-list:not([hidden])>.tab-button");
    if (!tab || !container.contains(tab)) return;
    if (event.type === "click") return choose(tab);
    const { key, altKey, ctrlKey, metaKey } = event as KeyboardEvent;
    const tabs = tabsOf(tab.parentElement!.parentElement!);
    const index = tabs.indexOf(tab);
    const step = getComputedStyle(tab).direction === "rtl" ? -1 : 1;
    const to = altKey || ctrlKey || metaKey ? undefined : ({ ArrowRight: index + step, ArrowLeft: index - step, Home: 0, End: -1 } as Record<string, number>)[key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs.at(to % tabs.length)!;
    next.focus();
    choose(next);
  };
  for (const type of ["click", "keydown", "beforematch"]) container.addEventListener(type, listen, { signal: abort.signal });
  return () => abort.abort();
}

/** The tab chosen in every set of its group on the page (or its own set alone), and remembered for the group. */
function choose(tab: HTMLElement) {
  const set = tab.parentElement!.parentElement!;
  const key = tab.dataset.tabKey!;
  const group = set.dataset.tabGroup;
  for (const other of group ? document.querySelectorAll<HTMLElement>(".tabs") : [set]) {
    if (other.dataset.tabGroup === group && keysOf(other).includes(key)) select(other, key);
  }
  try {
    if (group) localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readChoices(), [group]: key }));
  } catch {
    // Not remembered (storage blocked or full); the page still switches.
  }
}

/** Shows the panel `target` is in, if that is hidden; says whether it was. */
function reveal(target: Element): boolean {
  const panel = target.closest<HTMLElement>("[role=tabpanel]");
  if (!panel?.hidden) return false;
  select(panel.parentElement!, panel.dataset.tabKey);
  return true;
}

function select(set: Element, key: string | undefined) {
  for (const tab of tabsOf(set)) {
    const chosen = tab.dataset.tabKey === key;
    const panel = panelOf(tab);
    tab.setAttribute("aria-selected", String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
    // A panel hidden until found still has its box, which a tab stop would reach.
    panel.tabIndex = chosen && !panel.querySelector(FOCUSABLE) ? 0 : -1;
    if (chosen) panel.removeAttribute("hidden");
    else panel.setAttribute("hidden", "until-found");
  }
}

const tabsOf = (set: Element) => [...set.querySelectorAll<HTMLElement>(":scope>.tab-list>.tab-button")];
const keysOf = (set: Element): unknown[] => tabsOf(set).map((tab) => tab.dataset.tabKey);
const panelOf = (tab: Element) => document.getElementById(tab.getAttribute("aria-controls")!)!;

function readChoices(): Record<string, string> {
  try {
    // Anything but an object (edited by hand, another script's) reads as nothing remembered.
    return Object(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}"));
  } catch {
    // Storage blocked (an opaque origin, a strict setting) or not JSON.
    return {};
  }
}
