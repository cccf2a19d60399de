import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";
import { themePreferences, type ThemePreference } from "./theme";
import { getThemeState, subscribeToTheme, type ThemeState } from "./theme-store";

// One object per value, as useSyncExternalStore wants a stable server snapshot.
const serverSnapshots = new Map<ThemePreference, ThemeState>(
  themePreferences.map((preference) => [
    preference,
    { preference, resolved: preference === "system" ? null : preference },
  ]),
);

/**
 * The theme preference and what it resolves to. While hydrating, it is what
 * the server rendered from the cookie, so React finds the server's markup;
 * right after, it is the browser's own state (the head script's decision,
 * the OS scheme), and React updates whatever differs.
 */
export function useTheme(): ThemeState {
  const cookiePreference = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? null;
  const serverSnapshot = serverSnapshots.get(cookiePreference ?? "system")!;
  return useSyncExternalStore(subscribeToTheme, getThemeState, () => serverSnapshot);
}
