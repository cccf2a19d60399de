import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

// React Router writes each as `<link rel="modulepreload" href="…" nonce="…"/>`.
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HEAD_END = "</head>";

/**
 * Takes the module preloads out of the document's head. Every page works
 * before it hydrates (forms post, links navigate, the theme is right), so
 * the first paint is what a visitor waits for, and on a slow connection the
 * preloads' hundred kilobytes of JavaScript shared the line with the
 * stylesheet and the font it waits for. Without them the browser finds the
 * scripts from the module script at the end of the body and then from their
 * imports, so hydration comes later by those round trips. Lighthouse's mobile simulation put
 * the largest paint at 2.1–2.5 s with the preloads (at low priority: still
 * 91–98) and at 1.4–2.1 s without (99–100); BENCHMARKS.md has the figures.
 *
 * React Router's <Scripts> has no option for it, so the head is rewritten as
 * it streams: held until `</head>` (the head is a few kilobytes, and a
 * document is streamed only once it is complete, see entry.server.tsx), the
 * tags taken out there, and the rest passed through untouched.
 */
export function dropModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head: string | null = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const rewritten = head.slice(0, end).replace(MODULE_PRELOAD, "") + head.slice(end);
      head = null;
      callback(null, rewritten);
    },
    flush(callback) {
      // A document without a head (none of ours): sent as it came.
      if (head !== null) this.push(head + decoder.end());
      callback();
    },
  });
}
