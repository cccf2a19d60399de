import { createHash } from "node:crypto";

/**
 * A SHA-256 of many short lines, fed to the hash 64 KB at a time: a call
 * per line cost 65 ms of a 50,000-page restart in the folder's stamp, and
 * an array of lines (or a JSON text of one) more, most of it in garbage
 * collection.
 */
export function createLineHash(first = "") {
  const hash = createHash("sha256");
  let text = first;
  return {
    add(line: string) {
      text += line;
      if (text.length < 65_536) return;
      hash.update(text);
      text = "";
    },
    digest(): string {
      return hash.update(text).digest("hex");
    },
  };
}
