import type { Theme } from "./theme.js";
import { parseThemePreference } from "./preference.js";

// RFC 6265's token: what a cookie name may be made of.
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A host name's labels: lower-case letters, digits and inner hyphens, up to
// 63 characters. Lower case because browsers and URLs give the host in lower
// case, and the domain is compared with it as it is.
const DOMAIN_LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
// Two labels at least (a single label, "localhost" or an intranet name,
// counts as a public suffix, which browsers refuse as a cookie's domain),
// and a last label with a letter in it, which rules out IPv4 addresses (a
// cookie on an address is never shared). No scheme, port, path or leading
// dot: a host name only.
const COOKIE_DOMAIN = new RegExp(`^(?:${DOMAIN_LABEL}\\.)+(?=[a-z0-9-]*[a-z])${DOMAIN_LABEL}$`);
// Attributes the package writes itself for other purposes.
const RESERVED_ATTRIBUTES = new Set(["data-theme-preference", "data-theme-switching"]);

/** Throws a TypeError naming the first option that is wrong. */
export function validateTheme(theme: Omit<Theme, symbol>): void {
  const { defaultPreference, attribute, cookieName, storageKey, cookieDomain, colors, colorScheme, endpoint, viewTransition } = theme;
  if (parseThemePreference(defaultPreference) === null) {
    fail(`defaultPreference must be "light", "dark" or "system", not ${JSON.stringify(defaultPreference)}.`);
  }
  if (attribute !== "class" && !(/^data-[a-z][a-z0-9-]*$/.test(attribute) && !RESERVED_ATTRIBUTES.has(attribute))) {
    fail(`attribute must be "class" or a lower-case data attribute such as "data-theme", not ${JSON.stringify(attribute)}.`);
  }
  if (typeof cookieName !== "string" || !COOKIE_NAME.test(cookieName)) {
    fail(`cookieName must be a cookie token (letters, digits and !#$%&'*+-.^_\`|~), not ${JSON.stringify(cookieName)}.`);
  }
  if (typeof storageKey !== "string" || storageKey === "") {
    fail(`storageKey must be a non-empty string, not ${JSON.stringify(storageKey)}.`);
  }
  if (cookieDomain !== null && !(typeof cookieDomain === "string" && cookieDomain.length <= 253 && COOKIE_DOMAIN.test(cookieDomain))) {
    fail(
      `cookieDomain must be a lower-case host name such as "example.com" (no scheme, port, path or leading dot, ` +
        `not an IP address or a single label such as "localhost"; an international name in its xn-- form), ` +
        `or null, not ${JSON.stringify(cookieDomain)}.`,
    );
  }
  for (const side of ["light", "dark"] as const) {
    if (typeof colors[side] !== "string" || colors[side].trim() === "") fail(`colors.${side} must be a CSS colour.`);
  }
  if (typeof colorScheme !== "boolean") fail(`colorScheme must be true or false.`);
  if (typeof viewTransition !== "boolean") fail(`viewTransition must be true or false.`);
  if (endpoint !== null && (typeof endpoint !== "string" || !endpoint.startsWith("/") || endpoint.startsWith("//"))) {
    fail(`endpoint must be a path on this site such as "/theme", or null when there is no server, not ${JSON.stringify(endpoint)}.`);
  }
}

function fail(message: string): never {
  throw new TypeError(`createTheme: ${message}`);
}
