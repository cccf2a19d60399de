import type { MiddlewareFunction } from "react-router";
import { notFound } from "../files/content-file-response.server";
import { PageFileGoneError } from "../guide-content-error";
import { siteAddress, siteBasePath } from "./guide-service.server";
import { keptAnswer } from "./kept-answers.server";
import { llmsFull, llmsIndex, pageMarkdown, pageOfMarkdownPath, pageOfUrl } from "./machine-readable.server";

/**
 * Answers with Markdown where a program asks for it, before any page is
 * rendered: a page's URL plus `.md`, a page's URL with `Accept:
 * text/markdown` preferred to HTML, and /llms.txt and /llms-full.txt.
 * Everything else goes on to the routes.
 */
export const markdownMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const url = new URL(request.url);
  // Under a base path (an export's --base) the router has matched only addresses inside it.
  const basePath = siteBasePath();
  const pathname = url.pathname.slice(basePath.length);
  if (pathname === "/llms.txt") {
    const address = siteAddress(request);
    return keptAnswer(request, { name: "llms.txt", siteAddress: address, build: () => llmsIndex(address), contentType: "text/plain; charset=utf-8", maxAgeSeconds: 300 });
  }
  if (pathname === "/llms-full.txt") return text(request, await llmsFull(siteAddress(request)), "text/plain");
  const page = pathname.endsWith(".md") ? await pageOfMarkdownPath(pathname) : prefersMarkdown(request) ? await pageOfUrl(pathname) : null;
  if (!page) return next();
  const markdown = await pageMarkdown(page).catch((error: unknown) => {
    if (error instanceof PageFileGoneError) return null;
    throw error;
  });
  // Its file removed since the server read the folder: as for any address without a page.
  if (markdown === null) return notFound();
  return text(request, markdown, "text/markdown", { Vary: "Accept" });
};

/** Whether the Accept header ranks text/markdown above text/html (browsers never do; a missing header does not). */
function prefersMarkdown(request: Request): boolean {
  const ranks = new Map<string, number>();
  for (const range of (request.headers.get("Accept") ?? "").split(",")) {
    const [type = "", ...parameters] = range.split(";").map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    ranks.set(type, quality ? Number(quality.slice(2)) || 0 : 1);
  }
  const markdown = ranks.get("text/markdown") ?? 0;
  const html = Math.max(ranks.get("text/html") ?? 0, ranks.get("text/*") ?? 0, ranks.get("*/*") ?? 0);
  return markdown > 0 && markdown > html;
}

function text(request: Request, body: string | ReadableStream<Uint8Array>, type: string, extra: Record<string, string> = {}): Response {
  if (request.method === "HEAD" && typeof body !== "string") void body.cancel();
  return new Response(request.method === "HEAD" ? null : body, {
    headers: {
      "Content-Type": `${type}; charset=utf-8`,
      // The same for everyone, and it changes only with a new deployment (or, in development, an edit).
      "Cache-Control": "public, max-age=300",
      ...extra,
    },
  });
}
