import { Link } from "react-router";
import type { SearchData } from "../search-data";
import { SearchResultTitle, SearchSnippet } from "./search-snippet";

type SearchPopupProps = {
  /** The search's answer, or undefined before the first or with an empty box. */
  data: SearchData | undefined;
  /** The listbox's id, which the combobox names in aria-controls. */
  listId: string;
  /** An option's id, which the combobox names in aria-activedescendant. */
  optionId: (index: number) => string;
  /** The highlighted option (the last is the full results page), or -1. */
  active: number;
  expanded: boolean;
  showNoResults: boolean;
  allResultsUrl: string;
  /** Called when an option is clicked, before its link is followed. */
  onChoose: () => void;
};

/**
 * The search box's list of the best sections as you type, then the full
 * results page; or its one line when nothing matched. Clicks land on the
 * options without taking focus from the input, which keeps the highlight
 * (aria-activedescendant) and the keyboard with the box.
 */
export function SearchPopup({ data, listId, optionId, active, expanded, showNoResults, allResultsUrl, onChoose }: SearchPopupProps) {
  const results = data?.results ?? [];
  return (
    <div className="search-popup" hidden={!expanded && !showNoResults} onMouseDown={(event) => event.preventDefault()}>
      <div role="listbox" id={listId} aria-label="Search results" hidden={!expanded}>
        {results.map((result, index) => (
          <Link
            key={result.url}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            to={result.url}
            className="search-option"
            onClick={onChoose}
          >
            <span className="search-option-title">
              <SearchResultTitle pageTitle={result.pageTitle} parentTitle={result.parentTitle} sectionTitle={result.sectionTitle} />
            </span>
            {result.snippet.length > 0 && (
              <span className="search-option-snippet">
                <SearchSnippet parts={result.snippet} />
              </span>
            )}
          </Link>
        ))}
        {results.length > 0 && (
          <Link
            id={optionId(results.length)}
            role="option"
            aria-selected={active === results.length}
            tabIndex={-1}
            to={allResultsUrl}
            className="search-option search-option-all"
            onClick={onChoose}
          >
            {data?.more ? "See all results" : "Open the results page"}
          </Link>
        )}
      </div>
      {showNoResults && <p className="search-popup-empty">No results. Check the spelling, or try other words.</p>}
    </div>
  );
}
