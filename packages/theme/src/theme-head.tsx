import { useState } from "react";
import { getThemeScript } from "#server-side";
import type { ResolvedTheme, ThemePreference } from "./preference.js";
import { SCRIPT_ID, useThemeContext } from "./theme-html.js";

/**
 * The theme-color pair and the blocking head script. Put it in `<head>`,
 * before `<Links />`, so the script runs before anything can paint.
 */
export function ThemeHead({ nonce }: { /** The request's Content-Security-Policy nonce, on the server. */ nonce?: string }) {
  const { theme, preference } = useThemeContext();
  return (
    <>
      <meta name="theme-color" content={theme.colors.light} media={themeColorMedia(preference, "light")} />
      <meta name="theme-color" content={theme.colors.dark} media={themeColorMedia(preference, "dark")} />
      <ThemeScript source={() => getThemeScript(theme)} nonce={nonce} />
    </>
  );
}

/**
 * Both tags are always there and only their media changes: one colour for
 * an explicit choice, the browser's pick for "system". The head script uses
 * the same rule.
 */
export function themeColorMedia(preference: ThemePreference, side: ResolvedTheme): string {
  if (preference === "system") return `(prefers-color-scheme: ${side})`;
  return side === preference ? "all" : "not all";
}

/**
 * In the browser the script has already run before React starts, so the
 * client renders the very element the server sent, its text and nonce read
 * back from the page: hydration finds no difference, and the nonce need not
 * reach the client.
 */
function ThemeScript({ source, nonce }: { source: () => string; nonce: string | undefined }) {
  const [sent] = useState(() => {
    if (typeof document === "undefined") return { text: source(), nonce };
    const element = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    return { text: element?.textContent ?? "", nonce: element?.nonce || undefined };
  });
  // data-cfasync="false": script-deferring optimisers (Cloudflare's Rocket
  // Loader) leave it where it is; deferred, it would run after the first paint.
  return <script id={SCRIPT_ID} nonce={sent.nonce} data-cfasync="false" dangerouslySetInnerHTML={{ __html: sent.text }} />;
}
