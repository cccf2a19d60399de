import type { ResolvedTheme, ThemePreference } from "./preference.js";

// Apart from createTheme on purpose: createTheme imports the option checks
// and the head script (through "#server-side"), and they take a Theme; with
// the type beside createTheme, those imports went round in a circle.

declare const themeBrand: unique symbol;

/**
 * A validated, frozen configuration. Only `createTheme` makes one, so the
 * server helpers, the head script and the components cannot be handed a
 * hand-written object with a typo in it.
 */
export type Theme = {
  readonly defaultPreference: ThemePreference;
  readonly attribute: "class" | `data-${string}`;
  readonly cookieName: string;
  readonly storageKey: string;
  readonly cookieDomain: string | null;
  readonly colors: Readonly<Record<ResolvedTheme, string>>;
  readonly colorScheme: boolean;
  readonly endpoint: string | null;
  readonly viewTransition: boolean;
  readonly [themeBrand]: true;
};
