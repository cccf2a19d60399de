import crypto from "node:crypto";

const NONCE_BYTES = 16;
// Random bytes for nonces, drawn from the system's generator a batch at a
// time: one call per 256 nonces rather than one per response. A call cost
// about 15 µs, a tenth of the CPU of a page served from memory. Every
// nonce still gets 16 bytes that no other response got.
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = noncePool.length;

/** A fresh value for every HTML response: a nonce that repeats protects nothing. */
export function createNonce(): string {
  if (poolOffset === noncePool.length) {
    crypto.randomFillSync(noncePool);
    poolOffset = 0;
  }
  const nonce = noncePool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The page's Content-Security-Policy. Scripts run only with this response's
 * nonce ('strict-dynamic' lets them load the app's modules). Style
 * attributes are allowed because highlighted code colours its tokens with
 * them; style attributes cannot run script.
 */
function policyFor(nonce: string): string {
  return policy([`'nonce-${nonce}'`, "'strict-dynamic'"], { inMeta: false });
}

function policy(scriptSources: string[], { inMeta, styleNonce }: { inMeta: boolean; styleNonce?: string }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": scriptSources,
    "style-src": styleNonce === undefined ? ["'self'"] : ["'self'", `'nonce-${styleNonce}'`],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    ...(inMeta ? {} : { "frame-ancestors": ["'none'"] }),
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

// Written out once; a response only puts its nonce in between.
const NONCE_PLACE = "\u0000";
const [POLICY_BEFORE_NONCE, POLICY_AFTER_NONCE] = policyFor(NONCE_PLACE).split(NONCE_PLACE) as [string, string];

export function contentSecurityPolicy(nonce: string): string {
  return POLICY_BEFORE_NONCE + nonce + POLICY_AFTER_NONCE;
}

/**
 * The policy under Vite's development server, whose error overlay styles
 * itself with a <style> element: it carries the nonce the page names in
 * <meta property="csp-nonce"> (root.tsx), which this policy allows. Never
 * in production, where no style is inline.
 */
export function developmentContentSecurityPolicy(nonce: string): string {
  return policy([`'nonce-${nonce}'`, "'strict-dynamic'"], { inMeta: false, styleNonce: nonce });
}

/**
 * The policy of a page no request made (a static export's), for a
 * `<meta http-equiv>`: no nonce can be fresh there, so its inline scripts
 * are allowed by their hashes, and the site's own files by 'self'. Not
 * 'strict-dynamic' (which would ignore 'self'): without a nonce to inherit,
 * Chromium refuses the modules an inline module script imports by a static
 * `import`, as React Router's does. 'wasm-unsafe-eval': the export's search
 * engine, Pagefind, runs WebAssembly. frame-ancestors is left out, as a
 * <meta> policy cannot set it (browsers ignore it there, with a warning).
 */
export function staticPagePolicy(scriptHashes: readonly string[]): string {
  return policy(["'self'", ...scriptHashes, "'wasm-unsafe-eval'"], { inMeta: true });
}
