import { Link } from "react-router";
import { DiagramScript } from "../diagrams/diagram-script";
import type { GuidePageData } from "../guide-page-data.server";
import { findSentOnceElement, sentOnceElement, useSentOnce } from "../sent-once";
import { OnThisPage } from "./on-this-page";
import { readHeadings } from "./read-headings";
import { Prose } from "./prose";
import { TabSetsScript } from "./tab-sets-script";

/** A page of the guide: its one <h1>, its sections, the article, when it last changed, where to edit it, and the pages around it. */
export function GuideArticle({ page, previous, next }: GuidePageData) {
  const html = useSentOnce("guide-article", page.html, () => sentOnceElement("guide-article").innerHTML);
  const headings = useSentOnce("guide-headings", page.headings, () => readHeadings(findSentOnceElement("guide-headings")));
  const title = <h1 id={page.titleId || undefined}>{page.title}</h1>;
  return (
    <>
      {/* Only where the article has a tab set, before it: it must run before any is parsed. */}
      <TabSetsScript html={html} />
      {/* Only where the article has a diagram: it loads Mermaid. */}
      <DiagramScript html={html} />
      {/* data-pagefind-*: what a static export's search indexes (the article, without its contents list and edit link). */}
      <article className="prose guide-article" data-pagefind-body="">
        {page.subtitle ? (
          // A home page's hero line is its title's subtitle, as VitePress sets it inside its <h1>.
          <hgroup className="page-title">
            {title}
            <p>{page.subtitle}</p>
          </hgroup>
        ) : (
          title
        )}
        <OnThisPage headings={headings} />
        <Prose html={html} sentOnce="guide-article" />
        {page.lastUpdated && (
          <p className="last-updated" data-pagefind-ignore="">
            Last updated <time dateTime={page.lastUpdated.iso}>{page.lastUpdated.text}</time>
          </p>
        )}
        {page.editUrl && (
          <p className="edit-link" data-pagefind-ignore="">
            <a href={page.editUrl} rel="noopener">
              Edit this page
            </a>
          </p>
        )}
      </article>
      <nav aria-label="Previous and next page" className="pager">
        {previous && (
          <Link to={previous.url} rel="prev">
            <span>Previous</span> {previous.title}
          </Link>
        )}
        {next && (
          <Link to={next.url} rel="next">
            <span>Next</span> {next.title}
          </Link>
        )}
      </nav>
    </>
  );
}
