import { useNonce } from "../nonce";
import type { ThemePreference } from "./theme";
import { themeScriptSource } from "./theme-script";

const SCRIPT_ID = "theme-script";

/**
 * The blocking theme script, rendered into <head> by the server. In the
 * browser it has already run before React starts, so the client renders the
 * very element the server sent (its text read back from the page):
 * hydration finds no difference, and the script's code stays out of the
 * client bundle.
 */
export function ThemeHeadScript({ cookiePreference }: { cookiePreference: ThemePreference | null }) {
  const nonce = useNonce();
  if (import.meta.env.SSR) {
    return <script id={SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScriptSource(cookiePreference) }} />;
  }
  const sent = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
  return <script id={SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: sent?.textContent ?? "" }} />;
}
