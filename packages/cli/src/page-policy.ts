import crypto from "node:crypto";

/**
 * A static export's pages carry their Content-Security-Policy in a <meta>
 * (a file host sends no header of ours), and no nonce can be fresh in a file
 * made once: every inline script is allowed by its hash instead. The theme's
 * head script by the hash its package computes (getThemeScriptHash, through
 * the seam); React Router's own scripts and the tab sets' one by the hash of
 * the text the page holds.
 *
 * The pages are this site's own render, not a visitor's HTML: their inline
 * scripts are `<script …>text</script>` with nothing that closes a script in
 * their text (React Router and the theme escape "<" in what they embed, and
 * the article's HTML is sanitised of scripts), so a pattern finds them all.
 */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const THEME_SCRIPT_ID = /\sid="react-router-theme"/;
// The policy goes right after the charset, before any script it governs.
const CHARSET = '<meta charSet="utf-8"/>';

export function withContentSecurityPolicy(html: string, themeScriptHash: string, policyFor: (hashes: string[]) => string): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(THEME_SCRIPT_ID.test(attributes) ? themeScriptHash : `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  const at = html.indexOf(CHARSET);
  if (at < 0) throw new Error("An exported page has no <meta charSet> to put its policy after");
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policyFor([...hashes])}"/>`;
  return html.slice(0, at + CHARSET.length) + meta + html.slice(at + CHARSET.length);
}
