import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const MODULE_PRELOAD = '<link rel="modulepreload"';
const HEAD_END = "</head>";

/**
 * Gives the document's module preloads a low fetch priority, so that on a
 * slow connection the stylesheet and the font, which the first paint waits
 * for, are not sharing the line with a hundred kilobytes of JavaScript the
 * paint does not need. Every page works before it hydrates (forms post,
 * links navigate), so the first paint is what a visitor waits for; the
 * scripts still start at once and only yield.
 *
 * React Router's <Scripts> has no option for it, so the head is rewritten as
 * it streams: held until `</head>` (the head is a few kilobytes, and a
 * document is streamed only once it is complete, see entry.server.tsx), the
 * tags changed there, and the rest passed through untouched.
 */
export function lowerModulePreloadPriority(): Transform {
  const decoder = new StringDecoder("utf8");
  let head: string | null = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const rewritten = head.slice(0, end).replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`) + head.slice(end);
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
