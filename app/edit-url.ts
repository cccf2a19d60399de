/**
 * The "Edit this page" address: the configured base (a repository's edit
 * URL for the docs folder) with the page's file path below it. Each path
 * segment is encoded, so a file name can add neither a query nor a "../";
 * a base that is not an http(s) URL gives no link at all.
 */
export function editUrl(base: string | null, relativePath: string): string | null {
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const segments = relativePath.split("/").filter((segment) => segment !== "" && segment !== "." && segment !== "..");
  if (segments.length === 0) return null;
  // A query or fragment of the base (GitLab's `?ref=`) stays after the path.
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${segments.map(encodeURIComponent).join("/")}`;
  return url.href;
}
