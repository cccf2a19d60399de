import { Link } from "react-router";
import { listPartAt, listPartRange, listPartUrl, type ListPart } from "../guide/nav/page-list-parts";
import type { PageListData } from "../guide/service/page-list.server";

/** A part's heading: "Guide" for the first (or only) one, "Guide, pages 1,001–2,000" for the others. */
export function pageListHeading(part: ListPart): string {
  return part.number === 1 ? "Guide" : `Guide, pages ${listPartRange(part)}`;
}

/**
 * The generated list of every page, or one part of it: a large folder's
 * list comes in parts (nav/page-list-parts.ts), each with links to all the
 * others above it and to the next below it.
 */
export function PageList({ part, described, beginsWithin, pages }: PageListData) {
  const next = listPartAt(part.number + 1, part.of);
  return (
    <article className="prose">
      <h1>{pageListHeading(part)}</h1>
      <p>
        {part.count === 1
          ? "Every page of the guide, in reading order."
          : `Every page of the guide, in reading order: pages ${listPartRange(part)} of ${part.of.toLocaleString("en")}.`}
      </p>
      {described && (
        <p role="status">
          {`Descriptions of ${described.count.toLocaleString("en")} of ${described.of.toLocaleString("en")} pages so far: ` +
            "the server is reading the rest for the first time. Reload for more."}
        </p>
      )}
      {part.count > 1 && <PartLinks current={part} />}
      {beginsWithin.length > 0 && <p>{`This part begins within ${beginsWithin.join(" › ")}.`}</p>}
      <ol className="guide-index" start={part.first}>
        {pages.map((page) => (
          <li key={page.url} style={{ "--depth": page.depth } as React.CSSProperties}>
            <Link to={page.url}>{page.title}</Link>
            {page.description && <span> — {page.description}</span>}
          </li>
        ))}
      </ol>
      {next && (
        <p>
          <Link to={listPartUrl(next.number)} rel="next">{`Next: pages ${listPartRange(next)}`}</Link>
        </p>
      )}
    </article>
  );
}

function PartLinks({ current }: { current: ListPart }) {
  return (
    <nav aria-label="Parts of the list" className="guide-index-parts">
      <ol>
        {Array.from({ length: current.count }, (_, at) => listPartAt(at + 1, current.of)!).map((part) => (
          <li key={part.number}>
            <Link to={listPartUrl(part.number)} aria-current={part.number === current.number ? "page" : undefined}>
              {listPartRange(part)}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
