import Negotiator from "negotiator";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { getGuide, getSiteConfig } from "./guide-service.server";

/**
 * The answers that list every page, built once and compressed once:
 * /llms.txt (every page with its description: 10.9 MB of text at 50,000
 * pages) and the sitemaps (/sitemap.xml and its parts). The server built
 * each again, and compressed it again, for every request: 0.3 to 0.5 s of
 * its time for /llms.txt, 0.09 s for a sitemap (BENCHMARKS.md). Now each is
 * built and gzipped at its first request, and compressed in brotli, once,
 * when it is asked for again, as the page cache does with pages (server/
 * page-cache.ts): brotli at quality 9 is four times gzip's work, and an
 * answer built for one request (an address asked for once) never pays it.
 * Only the compressed bytes are kept (about a fifth of the text each); a
 * client that takes neither encoding gets the gzip unzipped. An answer still
 * incomplete (/llms.txt while a first start is still finding descriptions)
 * is built for each request and marked for no cache to keep.
 *
 * Answers are kept for each name: for the guide in force (a new one in
 * development after an edit), the site's name and the site address each was
 * built for. The address is the request's (its Host) when SITE_URL is not
 * set: the answers of the last two addresses are kept (a site's public
 * name and the one a health check or a proxy uses), and a third address
 * builds again in place of the one asked for longest ago, so requests
 * cannot fill memory. Answers are built one at a time, whatever their name
 * or address: requests naming ever new hosts wait in turn for theirs,
 * rather than each taking a core (0.65 s of building and compressing at
 * 50,000 pages) while pages wait.
 */

export type AnswerText = { text: string; complete: boolean };
export type KeptAnswerOptions = {
  /** The answer's name: one is kept for each. */
  name: string;
  /** The origin and base path its addresses begin with (guide-service.server.ts's siteAddress). */
  siteAddress: string;
  /** Its text, from the guide in force. */
  build: () => Promise<AnswerText>;
  contentType: string;
  /** How long a complete answer may be kept by others. */
  maxAgeSeconds: number;
};

/** `br`: made once the answer is asked for again; `asked`: how many requests it has answered. */
type Compressed = { gzip: Buffer; br: Promise<Buffer> | null; asked: number; complete: true };
type Built = { text: string; complete: false } | Compressed;
type Kept = { guide: object; siteName: string; siteAddress: string; built: Promise<Built> };

/** The addresses an answer is kept for, most recently asked first. */
const ADDRESSES_KEPT = 2;
/** By name, most recently asked first. */
const kept = new Map<string, Kept[]>();
/** The build under way, or the last: the next one starts after it. */
let lastBuild: Promise<unknown> = Promise.resolve();

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
/** Compressed once for every later request: a slower setting than the per-response layer's (server/serve.ts) pays off. */
const BROTLI_ONCE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } };

export async function keptAnswer(request: Request, { name, siteAddress, build, contentType, maxAgeSeconds }: KeptAnswerOptions): Promise<Response> {
  const headers = { "Content-Type": contentType, Vary: "Accept-Encoding" };
  const [guide, site] = [await getGuide(), await getSiteConfig()];
  const entry = keptFor(name, { guide, siteName: site.name, siteAddress }) ?? keep(name, { guide, siteName: site.name, siteAddress }, build);
  const answer = await entry.built;
  if (!answer.complete) return new Response(request.method === "HEAD" ? null : answer.text, { headers: { ...headers, "Cache-Control": "no-store" } });
  // Asked for again: brotli from now on, made once for all the requests that want it.
  if (++answer.asked > 1) answer.br ??= gunzip(answer.gzip).then((text) => brotli(text, BROTLI_ONCE));
  const encoding = preferredEncoding(request, answer.br !== null);
  const body = encoding === "br" ? await answer.br! : encoding === "gzip" ? answer.gzip : await gunzip(answer.gzip);
  const sent = {
    ...headers,
    "Cache-Control": `public, max-age=${maxAgeSeconds}`,
    "Content-Length": String(body.byteLength),
    ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
  };
  // A view of the kept bytes, not a copy of them.
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { headers: sent });
}

/** The answer kept for this name, guide, site name and address, now the most recently asked; undefined when there is none. */
function keptFor(name: string, key: Omit<Kept, "built">): Kept | undefined {
  const entries = kept.get(name) ?? [];
  const found = entries.find((entry) => entry.guide === key.guide && entry.siteName === key.siteName && entry.siteAddress === key.siteAddress);
  if (found) kept.set(name, [found, ...entries.filter((entry) => entry !== found)]);
  return found;
}

/** Concurrent requests share one build and one compression, which waits for any other build to end; the text itself is not kept. */
function keep(name: string, key: Omit<Kept, "built">, build: () => Promise<AnswerText>): Kept {
  const built = lastBuild.then(build).then(async ({ text, complete }): Promise<Built> => {
    if (!complete) return { text, complete };
    return { gzip: await gzip(text), br: null, asked: 0, complete };
  });
  lastBuild = built.catch(() => {});
  const entry: Kept = { ...key, built };
  // Answers of another guide or site name are no longer asked for: only other addresses' stay.
  const others = (kept.get(name) ?? []).filter((other) => other.guide === key.guide && other.siteName === key.siteName);
  kept.set(name, [entry, ...others].slice(0, ADDRESSES_KEPT));
  // What is known so far, or a failure, is for the requests that asked for it, not for later ones.
  const forget = () => {
    const entries = kept.get(name)?.filter((other) => other !== entry) ?? [];
    if (entries.length > 0) kept.set(name, entries);
    else kept.delete(name);
  };
  built.then((answer) => answer.complete || forget(), forget);
  return entry;
}

const ENCODINGS = ["br", "gzip", "identity"] as const;

/** The client's best of brotli (when there is one), gzip and none; brotli where it takes both alike (browsers list gzip first). */
function preferredEncoding(request: Request, withBrotli: boolean): (typeof ENCODINGS)[number] {
  const negotiator = new Negotiator({ headers: { "accept-encoding": request.headers.get("Accept-Encoding") ?? undefined } });
  const offered = withBrotli ? ENCODINGS : ENCODINGS.filter((encoding) => encoding !== "br");
  // One that refuses all we offer (`identity;q=0`) gets the text, as from the server's compression layer.
  return (negotiator.encoding(offered, { preferred: offered }) as (typeof ENCODINGS)[number] | undefined) ?? "identity";
}
