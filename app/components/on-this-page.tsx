import { Fragment, useEffect, useState } from "react";
import type { PageHeading } from "../guide/guide-types";
import { currentSection } from "./current-section";
import { identifierBreaks } from "./identifier-breaks";

/** Where a heading counts as reached: a third of the way down the window. */
const READING_LINE = 1 / 3;

/**
 * The page's sections as plain links to their headings: a column beside
 * the article on wide screens, a disclosure under the title on narrow ones
 * (guide-layout.css). With JavaScript the section in view is marked as the
 * reader scrolls. Not shown for a page of fewer than two sections, where a
 * list of one link helps nobody.
 */
export function OnThisPage({ headings }: { headings: PageHeading[] }) {
  const current = useCurrentSection(headings);
  if (headings.length < 2) return null;
  return (
    // Not indexed by an export's search, its "On this page" summary included: the server's search reads only the article's own text.
    <details className="on-this-page" data-pagefind-ignore="">
      <summary>On this page</summary>
      <nav aria-label="On this page" data-sent-once="guide-headings">
        <p className="on-this-page-title" aria-hidden="true">
          On this page
        </p>
        <ul>
          {headings.map((heading) => (
            <li key={heading.id} data-depth={heading.depth}>
              <a href={`#${encodeURIComponent(heading.id)}`} aria-current={heading.id === current ? "location" : undefined}>
                <BreakableText text={heading.text} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/** The text, a long identifier in it allowed to wrap where a word ends (identifier-breaks.ts), not mid-word. */
function BreakableText({ text }: { text: string }) {
  return identifierBreaks(text).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * The id of the heading whose section is in view. Observers, not scroll
 * listeners: the browser reports a heading crossing the reading line (and
 * the page's end coming into view) off the scrolling path, and headings are
 * measured only then.
 */
function useCurrentSection(headings: PageHeading[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const ids = headings.map((heading) => heading.id).join("\n");

  useEffect(() => {
    setCurrent(null);
    const targets = ids
      .split("\n")
      .map((id) => document.getElementById(id))
      .filter((element) => element !== null);
    const end = document.querySelector("footer");
    if (targets.length < 2 || typeof IntersectionObserver === "undefined") return;

    let endInView = false;
    const update = () => {
      const scrollable = document.documentElement.scrollHeight > window.innerHeight;
      const tops = targets.map((target) => target.getBoundingClientRect().top);
      const index = currentSection(tops, window.innerHeight * READING_LINE, endInView && scrollable);
      setCurrent(targets[index]?.id ?? null);
    };
    // The root's bottom edge is the reading line: a heading crossing it, or
    // leaving at the top, enters or leaves the root.
    const headingsObserver = new IntersectionObserver(update, {
      rootMargin: `0px 0px -${Math.round((1 - READING_LINE) * 100)}% 0px`,
    });
    const endObserver = new IntersectionObserver((entries) => {
      endInView = entries.some((entry) => entry.intersectionRatio >= 1);
      update();
    }, { threshold: [0, 1] });
    for (const target of targets) headingsObserver.observe(target);
    if (end) endObserver.observe(end);
    return () => {
      headingsObserver.disconnect();
      endObserver.disconnect();
    };
  }, [ids]);

  return current;
}
