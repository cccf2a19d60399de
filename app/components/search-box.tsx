import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useLocation, useNavigate } from "react-router";
import type { SearchData } from "../search-data";
import { useHydrated, useSearchShortcuts } from "./search-box-hooks";
import { SearchPopup } from "./search-popup";

/**
 * The header's search: a plain GET form to /search, which is all it is
 * without JavaScript. With JavaScript it becomes an ARIA 1.2 combobox that
 * shows the best sections as you type (input focus stays in the box; the
 * highlighted option is aria-activedescendant), and `/` or Ctrl/Cmd-K
 * focus it from anywhere.
 */
const DEBOUNCE_MS = 100;
// Matches the server's cap, so the box never holds more than is searched.
const MAX_LENGTH = 200;

export function SearchBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<SearchData>();
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // On a results page the box holds that page's search; elsewhere it is empty.
  const urlQuery = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "").slice(0, MAX_LENGTH) : "";
  const [value, setValue] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // After each navigation (a result chosen, the form sent, a link followed) the list closes.
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setValue(urlQuery);
    setOpen(false);
    setActive(-1);
  }

  const data = value.trim() === "" ? undefined : fetcher.data;
  const results = data?.results ?? [];
  const allResultsUrl = `/search?${new URLSearchParams({ q: value.trim() })}`;
  // The options: the best sections, then the full results page.
  const options = results.length > 0 ? [...results.map((result) => result.url), allResultsUrl] : [];
  const expanded = hydrated && open && options.length > 0;
  const showNoResults = hydrated && open && data !== undefined && results.length === 0;

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const shortcutsListening = useSearchShortcuts(inputRef);

  function load(query: string) {
    clearTimeout(timer.current);
    if (query.trim() === "") return;
    timer.current = setTimeout(() => fetcher.load(`/search?${new URLSearchParams({ q: query, preview: "" })}`), DEBOUNCE_MS);
  }

  function handleChange(event: React.ChangeEvent<HTMLInputElement>) {
    const next = event.currentTarget.value;
    setValue(next);
    setActive(-1);
    setOpen(next.trim() !== "");
    load(next);
  }

  function handleFocus() {
    if (value.trim() === "") return;
    setOpen(true);
    if (!fetcher.data) load(value);
  }

  function choose(url: string) {
    setOpen(false);
    navigate(url);
  }

  function handleKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!expanded) {
          handleFocus();
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current === -1 && step === -1 ? options.length - 1 : (current + step + options.length) % options.length));
        return;
      }
      case "Enter": {
        const url = expanded ? options[active] : undefined;
        // With nothing highlighted, Enter sends the form: the results page.
        if (url === undefined) return;
        event.preventDefault();
        choose(url);
        return;
      }
      case "Escape":
        if (expanded || showNoResults) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value !== "") {
          event.preventDefault();
          setValue("");
          clearTimeout(timer.current);
        }
        return;
      case "Tab":
        setOpen(false);
        return;
    }
  }

  function handleBlur(event: React.FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  }

  return (
    <Form role="search" action="/search" method="get" className="search-box" onSubmit={() => setOpen(false)}>
      <label htmlFor={inputId} className="visually-hidden">
        Search
      </label>
      <div className="search-field" onBlur={handleBlur}>
        <SearchIcon />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          value={value}
          onChange={handleChange}
          onFocus={handleFocus}
          onKeyDown={handleKeyDown}
          placeholder="Search"
          maxLength={MAX_LENGTH}
          enterKeyHint="search"
          spellCheck={false}
          autoCapitalize="none"
          {...(hydrated && {
            role: "combobox",
            autoComplete: "off",
            "aria-autocomplete": "list",
            "aria-expanded": expanded,
            "aria-controls": listId,
            "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
          })}
          aria-keyshortcuts={shortcutsListening ? "/ Control+K Meta+K" : undefined}
        />
        {hydrated && (
          <kbd className="search-shortcut" aria-hidden="true">
            /
          </kbd>
        )}
        {hydrated && (
          <SearchPopup
            data={data}
            listId={listId}
            optionId={optionId}
            active={active}
            expanded={expanded}
            showNoResults={showNoResults}
            allResultsUrl={allResultsUrl}
            onChoose={() => setOpen(false)}
          />
        )}
      </div>
      <div role="status" className="visually-hidden">
        {hydrated && open && data ? announcement(results.length, data.more) : ""}
      </div>
    </Form>
  );
}

function announcement(count: number, more: boolean): string {
  if (count === 0) return "No results";
  if (more) return `More than ${count} results; the best ${count} are listed`;
  return count === 1 ? "1 result" : `${count} results`;
}

function SearchIcon() {
  return (
    <svg className="search-icon" aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
