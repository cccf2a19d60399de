/**
 * Files of the docs folder that run script when a browser opens them on
 * their own: HTML and XHTML, and SVG or XML that holds script, an event
 * handler, a `javascript:` address or embedded HTML. `serve` sends such
 * files with a sandbox policy (an opaque origin); a static host sends what
 * it sends, so in an export they would run as the site, with its storage
 * and its cookies. `build` names them, so that their author can decide.
 * An SVG drawn in a page through <img> never runs its script: most SVGs
 * are such images, and are not named.
 */
const ALWAYS_ACTIVE = /\.(x?html?|xht)$/i;
const ACTIVE_WHEN_SCRIPTED = /\.(svgz?|xml|xsl|xslt)$/i;
const SCRIPTED = /<script\b|\son[a-z]+\s*=|javascript:|<foreignObject\b|<iframe\b|<embed\b|<object\b|<\?xml-stylesheet\b/i;

export function runsScriptOpenedAlone(relativePath: string, content: Buffer): boolean {
  if (ALWAYS_ACTIVE.test(relativePath)) return true;
  return ACTIVE_WHEN_SCRIPTED.test(relativePath) && SCRIPTED.test(content.toString("latin1"));
}

/** The one line `build` prints for them, or null for none; the first few by name. */
export function activeFilesWarning(relativePaths: readonly string[]): string | null {
  if (relativePaths.length === 0) return null;
  const shown = relativePaths.slice(0, 5).join(", ");
  const more = relativePaths.length > 5 ? ` and ${relativePaths.length - 5} more` : "";
  const one = relativePaths.length === 1;
  const count = one ? "1 file of the folder runs script when opened on its own" : `${relativePaths.length.toLocaleString("en")} files of the folder run script when opened on their own`;
  return `Warning: ${count} (${shown}${more}): a static host serves ${one ? "it as it is, so its" : "them as they are, so their"} scripts run as your site; serve sends ${one ? "it" : "them"} sandboxed`;
}
