import crypto from "node:crypto";

/** A fresh value for every HTML response: a nonce that repeats protects nothing. */
export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The page's Content-Security-Policy. Scripts run only with this response's
 * nonce ('strict-dynamic' lets them load the app's modules). Style
 * attributes are allowed because highlighted code colours its tokens with
 * them; style attributes cannot run script.
 */
export function contentSecurityPolicy(nonce: string): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'"],
    "style-src": ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
