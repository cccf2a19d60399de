/**
 * The browser's stand-ins for server-side.ts. The browser never needs them:
 * the server has checked the options when it rendered the page, and the
 * client reads the head script back from the page instead of writing it.
 */
export function validateTheme(): void {}

export function getThemeScript(): string {
  return "";
}
