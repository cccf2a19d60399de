import { createContext, use } from "react";

/**
 * The Content-Security-Policy nonce of the page. entry.server.tsx makes one
 * per request and provides it here.
 */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * The page's nonce, the same on the server and in the browser, so elements
 * that carry it hydrate without a difference. Browsers hide the attribute
 * once the page is parsed, but keep the value on the element.
 */
export function useNonce(): string | undefined {
  const serverNonce = use(NonceContext);
  if (import.meta.env.SSR) return serverNonce;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
