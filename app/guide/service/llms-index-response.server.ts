import Negotiator from "negotiator";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { getGuide, getSiteConfig } from "./guide-service.server";
import { llmsIndex } from "./machine-readable.server";

/**
 * /llms.txt's answer. It lists every page with its description: at 50,000
 * pages 10.9 MB of text, which the server built and then compressed again
 * for each request, 0.3 to 0.5 s of its time (BENCHMARKS.md). Once every
 * description is known it is built once and compressed once, in brotli and
 * gzip, and only those are kept (about a fifth of the text each); a client
 * that takes neither gets the gzip unzipped. Until then each request
 * builds what is known so far, marked for no cache to keep.
 *
 * One answer is kept: for the guide in force (a new one in development
 * after an edit), the site's name and the site address of the last
 * complete one. The address is the request's (its Host), so another
 * address builds again rather than adding an answer: requests cannot fill
 * memory.
 */
type Built = { text: string; complete: false } | { br: Buffer; gzip: Buffer; complete: true };
type KeptIndex = { guide: object; siteName: string; siteAddress: string; built: Promise<Built> };

let kept: KeptIndex | null = null;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
/** Compressed once for every later request: a slower setting than the per-response layer's (server/serve.ts) pays off. */
const BROTLI_ONCE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } };

export async function llmsIndexResponse(request: Request, siteAddress: string): Promise<Response> {
  const headers = { "Content-Type": "text/plain; charset=utf-8", Vary: "Accept-Encoding" };
  const [guide, site] = [await getGuide(), await getSiteConfig()];
  if (!kept || kept.guide !== guide || kept.siteName !== site.name || kept.siteAddress !== siteAddress) {
    // Concurrent requests share one build and one compression; the text itself is not kept.
    const built = llmsIndex(siteAddress).then(async ({ text, complete }): Promise<Built> => {
      if (!complete) return { text, complete };
      const [br, gz] = await Promise.all([brotli(text, BROTLI_ONCE), gzip(text)]);
      return { br, gzip: gz, complete };
    });
    const entry: KeptIndex = { guide, siteName: site.name, siteAddress, built };
    kept = entry;
    // What is known so far, or a failure, is for the requests that asked for it, not for later ones.
    const forget = () => void (kept === entry && (kept = null));
    built.then((answer) => answer.complete || forget(), forget);
  }
  const answer = await kept.built;
  // Incomplete during a first start's background rendering: no cache may keep it.
  if (!answer.complete) return new Response(request.method === "HEAD" ? null : answer.text, { headers: { ...headers, "Cache-Control": "no-store" } });
  const encoding = preferredEncoding(request);
  const body = encoding === "br" ? answer.br : encoding === "gzip" ? answer.gzip : await gunzip(answer.gzip);
  const sent = { ...headers, "Cache-Control": "public, max-age=300", "Content-Length": String(body.byteLength), ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }) };
  // A view of the kept bytes, not a copy of them.
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { headers: sent });
}

const ENCODINGS = ["br", "gzip", "identity"] as const;

/** The client's best of brotli, gzip and none; brotli where it takes both alike (browsers list gzip first). */
function preferredEncoding(request: Request): (typeof ENCODINGS)[number] {
  const negotiator = new Negotiator({ headers: { "accept-encoding": request.headers.get("Accept-Encoding") ?? undefined } });
  // One that refuses all three (`identity;q=0`) gets the text, as from the server's compression layer.
  return (negotiator.encoding(ENCODINGS, { preferred: ENCODINGS }) as (typeof ENCODINGS)[number] | undefined) ?? "identity";
}
