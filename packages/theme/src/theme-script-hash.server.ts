import type { Theme } from "./theme.js";
import { getThemeScript } from "./head-script.js";

const hashes = new WeakMap<Theme, Promise<string>>();

/**
 * The head script's hash as a Content-Security-Policy source expression,
 * `'sha256-…'`, for pages no request made (prerendered, cached, static),
 * which cannot carry a per-request nonce. It is the hash of exactly the text
 * `ThemeHead` renders for this theme: React writes that text into the page
 * unescaped, and it holds nothing the HTML parser changes (no carriage
 * return or NUL; JSON escapes them), so the browser hashes the same bytes.
 * Web Crypto, which every server runtime has (Node, Deno, Bun, Workers), so
 * the server entry imports no runtime's own modules. Computed once per theme.
 */
export function getThemeScriptHash(theme: Theme): Promise<string> {
  let hash = hashes.get(theme);
  if (hash === undefined) {
    hash = crypto.subtle.digest("SHA-256", new TextEncoder().encode(getThemeScript(theme))).then((digest) => `'sha256-${base64(new Uint8Array(digest))}'`);
    hashes.set(theme, hash);
  }
  return hash;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
