import { useHref, useLocation } from "react-router";
import type { ThemePreference } from "./preference.js";
import { useThemeContext } from "./theme-html.js";

export const defaultLabels: Record<ThemePreference, string> = { light: "Light", dark: "Dark", system: "System" };

/**
 * What a theme form needs: where it posts (null with no server) and the
 * page to come back to, basename included, for the server's redirect.
 */
export function useThemeForm() {
  const { endpointHref, preference, setPreference } = useThemeContext();
  const { pathname, search } = useLocation();
  const redirectTo = useHref({ pathname, search });
  return { action: endpointHref, redirectTo, preference, setPreference };
}
