import { createReadableStreamFromReadable } from "@react-router/node";
import { lookup } from "mrmime";
import { fileVersion } from "../load/content-files.server";
import { openListedFile } from "./open-listed-file.server";

/**
 * The answer to a request for a file of the content folder (an image, a
 * PDF, a download) at /guide-files/<relative path>.
 *
 * The requested path is only ever a key of the map of files found when the
 * guide was loaded; it is never joined to a file system path. Whatever is
 * not a key (traversal in any encoding, dotfiles, Markdown sources,
 * folders, links out of the folder) is a plain 404.
 */

/** What the guide knows of a file: the fields of `ContentFile` this needs. */
export type ServableFile = {
  /** Absolute, real path. */
  path: string;
  size: number;
  mtimeMs: number;
  /** Short hash of size and mtime; the `v` of the file's URL. */
  version: string;
};

/** Documents that can run script or load more: opened on their own, they get an opaque origin and nothing else. */
const ACTIVE_TYPES = new Set(["text/html", "application/xhtml+xml", "image/svg+xml", "text/xml", "application/xml"]);
const SANDBOX_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

// Source files are shown as text, never served as something this origin
// could run or style with; and ".ts" is TypeScript here, not an MPEG stream.
const SHOWN_AS_TEXT = new Set(["js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "css", "vue", "svelte"]);

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

export async function contentFileResponse(
  request: Request,
  relativePath: string | undefined,
  files: ReadonlyMap<string, ServableFile>,
): Promise<Response> {
  const file = relativePath ? files.get(relativePath) : undefined;
  if (!file) return notFound();

  // Only the file listed there, through no link put in its place or above it since (open-listed-file.server.ts).
  const opened = await openListedFile(file.path).catch(() => null);
  if (!opened) return notFound();
  const { handle, stat } = opened;
  if (!stat.isFile()) {
    await handle.close();
    return notFound();
  }

  // Changed on disk since the guide was loaded: describe the bytes actually
  // sent, and let no cache keep them under the old version.
  const unchanged = stat.size === file.size && stat.mtimeMs === file.mtimeMs;
  const etag = `"${unchanged ? file.version : fileVersion(stat.size, stat.mtimeMs)}"`;
  const lastModified = new Date(stat.mtimeMs).toUTCString();
  const versioned = unchanged && new URL(request.url).searchParams.get("v") === file.version;

  const headers = new Headers({
    "Cache-Control": versioned ? IMMUTABLE : REVALIDATE,
    ETag: etag,
    "Last-Modified": lastModified,
    "Accept-Ranges": "bytes",
  });

  if (notModified(request.headers, etag, stat.mtimeMs)) {
    await handle.close();
    return new Response(null, { status: 304, headers });
  }

  const type = contentType(relativePath!);
  headers.set("Content-Type", type);
  if (ACTIVE_TYPES.has(type.split(";")[0]!)) headers.set("Content-Security-Policy", SANDBOX_POLICY);

  let start = 0;
  let end = stat.size - 1;
  let status = 200;
  const range = requestedRange(request.headers, etag, lastModified, stat.size);
  if (range === "unsatisfiable") {
    await handle.close();
    headers.set("Content-Range", `bytes */${stat.size}`);
    headers.delete("Content-Type");
    headers.delete("Content-Security-Policy");
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    ({ start, end } = range);
    status = 206;
    headers.set("Content-Range", `bytes ${start}-${end}/${stat.size}`);
    // A compressing proxy or middleware would make the byte offsets wrong.
    headers.set("Cache-Control", `${headers.get("Cache-Control")}, no-transform`);
  }
  const length = Math.max(0, end - start + 1);
  headers.set("Content-Length", String(length));

  if (request.method === "HEAD" || length === 0) {
    await handle.close();
    return new Response(null, { status, headers });
  }
  const stream = handle.createReadStream({ start, end, autoClose: true });
  return new Response(createReadableStreamFromReadable(stream), { status, headers });
}

export function contentType(relativePath: string): string {
  const extension = relativePath.slice(relativePath.lastIndexOf(".") + 1).toLowerCase();
  if (SHOWN_AS_TEXT.has(extension)) return "text/plain; charset=utf-8";
  const type = lookup(relativePath) ?? "application/octet-stream";
  const textual = type.startsWith("text/") || /[/+](json|xml)$/.test(type);
  return textual ? `${type}; charset=utf-8` : type;
}

/** The plain 404 of an address that names no file of the folder, or no page any more (markdown-middleware.server.ts). */
export function notFound(): Response {
  return new Response("404 Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** RFC 9110 §13.2.2: If-None-Match wins over If-Modified-Since. */
function notModified(headers: Headers, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    return ifNoneMatch
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .some((tag) => tag === "*" || tag === etag);
  }
  const since = Date.parse(headers.get("If-Modified-Since") ?? "");
  // HTTP dates have whole seconds; the file's time has fractions of one.
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

type ByteRange = { start: number; end: number };

/**
 * One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`, for video and
 * resumed downloads. Several ranges, other units, a stale If-Range or
 * anything malformed get the whole file, which RFC 9110 allows.
 */
function requestedRange(headers: Headers, etag: string, lastModified: string, size: number): ByteRange | "unsatisfiable" | null {
  const header = headers.get("Range");
  if (header === null) return null;
  const ifRange = headers.get("If-Range");
  if (ifRange !== null && ifRange !== etag && ifRange !== lastModified) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, first = "", last = ""] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
