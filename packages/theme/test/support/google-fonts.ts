/**
 * Google Fonts, offline. React Router's default template links Inter from
 * fonts.googleapis.com; the machines these tests run on reach no such host,
 * and a stylesheet that fails to load is an error in the console. The
 * browser contexts of an app that links it answer those requests here
 * instead: the stylesheet with one @font-face, the font file from the copy
 * of Inter in node_modules (@fontsource-variable/inter), so the page loads
 * and renders as it would online, and a test can see that the template's
 * font link survived the quick start (the font is loaded).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext } from "@playwright/test";

const require = createRequire(import.meta.url);
const FONT_URL = "https://fonts.gstatic.com/s/inter/offline/inter-latin-wght-normal.woff2";

let font: Buffer | undefined;
const interFont = () => (font ??= fs.readFileSync(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2")));

const stylesheet = `@font-face {
  font-family: 'Inter';
  font-style: normal;
  font-weight: 100 900;
  font-display: swap;
  src: url(${FONT_URL}) format('woff2');
}
`;

export async function serveGoogleFontsOffline(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => {
    const url = route.request().url();
    if (url.startsWith("https://fonts.googleapis.com/css2?family=Inter")) {
      return route.fulfill({ contentType: "text/css; charset=utf-8", body: stylesheet });
    }
    if (url === FONT_URL) {
      // Fonts are fetched with CORS: the real host allows every origin too.
      return route.fulfill({ contentType: "font/woff2", headers: { "access-control-allow-origin": "*" }, body: interFont() });
    }
    return route.fulfill({ status: 404, body: `Not served offline: ${url}` });
  });
}
