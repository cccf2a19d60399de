import { Link } from "react-router";
import type { Route } from "./+types/guide-index";
import { guide } from "../guide/content-dir.server";

export function loader() {
  return {
    pages: guide.pages.map(({ url, title, description, slug }) => ({
      url,
      title,
      description,
      depth: slug.split("/").length - 1,
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Guide · Themed Guide" },
  { name: "description", content: "How this site renders the right theme on the first paint, sets its type, and runs in production." },
];

export default function GuideIndex({ loaderData }: Route.ComponentProps) {
  return (
    <article className="prose">
      <h1>Guide</h1>
      <p>Every page of the guide, in reading order.</p>
      <ol className="guide-index">
        {loaderData.pages.map((page) => (
          <li key={page.url} data-depth={page.depth}>
            <Link to={page.url}>{page.title}</Link>
            <span> — {page.description}</span>
          </li>
        ))}
      </ol>
    </article>
  );
}
