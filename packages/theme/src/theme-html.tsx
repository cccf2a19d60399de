import { createContext, use, useEffect, useMemo, useSyncExternalStore, type ComponentProps } from "react";
import { useHref } from "react-router";
import type { Theme } from "./theme.js";
import type { ResolvedTheme, ThemePreference } from "./preference.js";
import { getThemeStore } from "./theme-store.js";

export type ThemeContextValue = {
  theme: Theme;
  /** What the visitor chose, or the default. */
  preference: ThemePreference;
  /**
   * What the page shows. Null where the OS setting cannot be seen: on the
   * server, and while hydrating, for "system".
   */
  resolved: ResolvedTheme | null;
  /** Shows, stores and (when there is a server) saves a preference. */
  setPreference: (preference: ThemePreference) => void;
  /** The endpoint's href with the app's basename, or null with no server. */
  endpointHref: string | null;
};

export const ThemeContext = createContext<ThemeContextValue | null>(null);

/** The id of the head script, which the client reads back instead of shipping its source. */
export const SCRIPT_ID = "react-router-theme";

export type ThemeHtmlProps = ComponentProps<"html"> & {
  /** The configuration from your `createTheme` call. */
  theme: Theme;
  /**
   * The preference the server read from the request (`getThemePreference`
   * in the root loader). Undefined or null: the default, which is what a
   * prerendered or SPA page is rendered with.
   */
  preference?: ThemePreference | null;
};

/**
 * `<html>` with the theme's attributes, and the theme for everything inside.
 * While hydrating it renders what the server rendered; right after, the
 * browser's own state (the head script's decision, the OS scheme).
 */
export function ThemeHtml({ theme, preference, className, style, children, ...props }: ThemeHtmlProps) {
  const store = getThemeStore(theme);
  const serverSnapshot = store.getServerSnapshot(preference ?? theme.defaultPreference);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, () => serverSnapshot);
  const href = useHref(theme.endpoint ?? "/");
  const endpointHref = theme.endpoint === null ? null : href;

  const value = useMemo<ThemeContextValue>(
    () => ({
      theme,
      ...state,
      endpointHref,
      setPreference: (chosen) => store.choose(chosen, endpointHref),
    }),
    [theme, state, store, endpointHref],
  );

  useEffect(() => {
    if (!document.getElementById(SCRIPT_ID)) {
      console.error("react-router-theme: render <ThemeHead /> in <head>");
    }
  }, []);

  const resolvedAttribute =
    theme.attribute === "class"
      ? { className: [className, state.resolved].filter(Boolean).join(" ") || undefined }
      : { className, [theme.attribute]: state.resolved ?? undefined };
  const colorScheme = state.preference === "system" ? "light dark" : state.preference;

  return (
    <ThemeContext value={value}>
      {/* The head script sets these attributes before React starts, and only
          on this element, so only this element opts out of the comparison. */}
      <html
        {...props}
        {...resolvedAttribute}
        data-theme-preference={state.preference}
        style={theme.colorScheme ? { ...style, colorScheme } : style}
        suppressHydrationWarning
      >
        {children}
      </html>
    </ThemeContext>
  );
}

/** The theme preference, what it resolves to, and a way to change it. */
export function useTheme(): Pick<ThemeContextValue, "preference" | "resolved" | "setPreference"> {
  const { preference, resolved, setPreference } = useThemeContext();
  return { preference, resolved, setPreference };
}

export function useThemeContext(): ThemeContextValue {
  const value = use(ThemeContext);
  if (!value) throw new Error("react-router-theme: render <ThemeHtml theme={theme}> as <html>");
  return value;
}
