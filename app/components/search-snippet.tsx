import { Fragment } from "react";
import type { SearchResult } from "../guide/search/search-types";

/**
 * A result's snippet: plain-text parts, the matched words in <mark>. The
 * parts are text nodes, never HTML, whatever the page or the query held.
 */
export function SearchSnippet({ parts }: { parts: ReadonlyArray<{ text: string; match: boolean }> }) {
  return parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>));
}

/**
 * "Themes › Where the preference is kept", and for a section under an h3
 * the h2 above it between ("API › useFetcher › Example"), so that a page's
 * like-named sections read apart. The separators are drawn by CSS and not
 * read aloud, and the spaces keep the names apart when they are.
 */
export function SearchResultTitle({ pageTitle, parentTitle, sectionTitle }: Pick<SearchResult, "pageTitle" | "parentTitle" | "sectionTitle">) {
  return (
    <>
      <span className="search-result-page">{pageTitle}</span>
      {sectionTitle && parentTitle && (
        <>
          {" "}
          <span className="search-result-parent">{parentTitle}</span>
        </>
      )}
      {sectionTitle && (
        <>
          {" "}
          <span className="search-result-section">{sectionTitle}</span>
        </>
      )}
    </>
  );
}
