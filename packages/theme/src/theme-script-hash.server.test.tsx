import { createHash } from "node:crypto";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createTheme, type ThemeOptions } from "./create-theme.js";
import { ThemeHead } from "./theme-head.js";
import { ThemeHtml } from "./theme-html.js";
import { getThemeScriptHash } from "./theme-script-hash.server.js";

/** The head as the server renders it for these options. */
function renderHead(options: ThemeOptions) {
  const theme = createTheme(options);
  const html = renderToString(
    <MemoryRouter>
      <ThemeHtml theme={theme}>
        <head>
          <ThemeHead />
        </head>
        <body />
      </ThemeHtml>
    </MemoryRouter>,
  );
  return { html, theme };
}

/**
 * The script element's text as a browser reads it from the page: a script
 * is raw text (no character references are decoded in it), and the parser
 * only turns CR LF and CR into LF and NUL into U+FFFD.
 */
function scriptTextAsParsed(html: string): string {
  const raw = /<script id="react-router-theme"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (raw === undefined) throw new Error("No head script in the page.");
  return raw.replaceAll(/\r\n?/g, "\n").replaceAll("\0", "\uFFFD");
}

/** What CSP compares: sha256 of the text's UTF-8, in base64, through Node's own crypto rather than the package's Web Crypto. */
function cspHashOf(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

describe("getThemeScriptHash", () => {
  const configurations: Array<[string, ThemeOptions]> = [
    ["the default configuration", {}],
    ["every option changed", { cookieName: "mode", storageKey: "app:mode", attribute: "data-theme", defaultPreference: "dark", colorScheme: false, cookieDomain: "example.com" }],
    // Characters HTML or React would escape, and some that are not ASCII or that the HTML parser rewrites.
    ["values that HTML escaping or parsing would change", { storageKey: `a&amp;<b>"c"'d'\r\n\0é😀`, colors: { light: "</script><!--", dark: "hsl(0 0% 7% / 1) & more" } }],
  ];

  it.each(configurations)("is the hash of the script element's text as a browser reads it from the rendered page, for %s", async (_name, options) => {
    const { html, theme } = renderHead(options);
    expect(await getThemeScriptHash(theme)).toBe(cspHashOf(scriptTextAsParsed(html)));
  });

  it("is a CSP hash source, quotes included", async () => {
    expect(await getThemeScriptHash(createTheme())).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it("differs for every option the script carries", async () => {
    const variants: ThemeOptions[] = [
      {},
      { cookieName: "mode" },
      { storageKey: "app:mode" },
      { attribute: "data-theme" },
      { defaultPreference: "dark" },
      { colors: { light: "#fafafa", dark: "#121212" } },
      { colorScheme: false },
      { cookieDomain: "example.com" },
    ];
    const hashes = await Promise.all(variants.map((options) => getThemeScriptHash(createTheme(options))));
    expect(new Set(hashes).size).toBe(variants.length);
  });

  it("is the same for two themes made from the same options", async () => {
    expect(await getThemeScriptHash(createTheme({ cookieName: "mode" }))).toBe(await getThemeScriptHash(createTheme({ cookieName: "mode" })));
  });
});
