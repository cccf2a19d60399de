import { Fragment } from "react";

/**
 * A result's snippet: plain-text parts, the matched words in <mark>. The
 * parts are text nodes, never HTML, whatever the page or the query held.
 */
export function SearchSnippet({ parts }: { parts: ReadonlyArray<{ text: string; match: boolean }> }) {
  return parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>));
}

/**
 * "Themes › Where the preference is kept"; the separator is drawn by CSS and
 * not read aloud, and the space keeps the two names apart when they are.
 */
export function SearchResultTitle({ pageTitle, sectionTitle }: { pageTitle: string; sectionTitle: string | null }) {
  return (
    <>
      <span className="search-result-page">{pageTitle}</span>
      {sectionTitle && (
        <>
          {" "}
          <span className="search-result-section">{sectionTitle}</span>
        </>
      )}
    </>
  );
}
