import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createTheme, type ThemeOptions } from "./create-theme.js";
import type { Theme } from "./theme.js";
import { getThemeScript } from "./head-script.js";
import type { ThemePreference } from "./preference.js";
import { ThemeHead } from "./theme-head.js";
import { ThemeHtml, useTheme } from "./theme-html.js";
import { ThemeRadioGroup } from "./theme-radio-group.js";
import { ThemeSwitcher } from "./theme-switcher.js";

/** The server render of a page like the quick start's root, at `url`. */
function renderPage({
  preference,
  options = {},
  url = "/guide?x=1",
  basename,
  nonce,
  body = <ThemeSwitcher />,
}: {
  preference?: ThemePreference | null;
  options?: ThemeOptions;
  url?: string;
  basename?: string;
  nonce?: string;
  body?: React.ReactNode;
}) {
  const theme = createTheme(options);
  const html = renderToString(
    <MemoryRouter initialEntries={[url]} basename={basename}>
      <ThemeHtml theme={theme} preference={preference} lang="en" className="app">
        <head>
          <ThemeHead nonce={nonce} />
        </head>
        <body>{body}</body>
      </ThemeHtml>
    </MemoryRouter>,
  );
  return { html, theme };
}

function htmlTag(html: string): string {
  return /<html[^>]*>/.exec(html)![0];
}

function themeColors(html: string): string[] {
  return [...html.matchAll(/<meta name="theme-color"[^>]*>/g)].map(([tag]) => tag);
}

describe("<ThemeHtml> on the server", () => {
  const cases: Array<[ThemePreference | null | undefined, string, string]> = [
    ["light", ' class="app light"', "color-scheme:light"],
    ["dark", ' class="app dark"', "color-scheme:dark"],
    ["system", ' class="app"', "color-scheme:light dark"],
    [null, ' class="app"', "color-scheme:light dark"],
    [undefined, ' class="app"', "color-scheme:light dark"],
  ];
  it.each(cases)("renders the cookie's %s as%s and %s", (preference, classAttribute, colorScheme) => {
    const tag = htmlTag(renderPage({ preference }).html);
    expect(tag).toContain(classAttribute);
    expect(tag).toContain(`style="${colorScheme}"`);
    expect(tag).toContain(`data-theme-preference="${preference ?? "system"}"`);
    expect(tag).toContain('lang="en"');
  });

  it("renders the default preference when there is no cookie", () => {
    const tag = htmlTag(renderPage({ preference: null, options: { defaultPreference: "dark" } }).html);
    expect(tag).toContain('class="app dark"');
    expect(tag).toContain('data-theme-preference="dark"');
  });

  it("uses a data attribute instead of the class when configured", () => {
    const dark = htmlTag(renderPage({ preference: "dark", options: { attribute: "data-theme" } }).html);
    expect(dark).toContain('data-theme="dark"');
    expect(dark).toContain('class="app"');
    const system = htmlTag(renderPage({ preference: "system", options: { attribute: "data-theme" } }).html);
    expect(system).not.toContain("data-theme=");
  });

  it("leaves style off when colorScheme is off", () => {
    expect(htmlTag(renderPage({ preference: "dark", options: { colorScheme: false } }).html)).not.toContain("style=");
  });
});

describe("<ThemeHead> on the server", () => {
  it("renders the pair with both media queries for system", () => {
    expect(themeColors(renderPage({ preference: "system" }).html)).toEqual([
      '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)"/>',
      '<meta name="theme-color" content="#121212" media="(prefers-color-scheme: dark)"/>',
    ]);
  });

  it.each([
    ["light", "all", "not all"],
    ["dark", "not all", "all"],
  ] as const)("renders only the %s colour as applying", (preference, lightMedia, darkMedia) => {
    expect(themeColors(renderPage({ preference }).html)).toEqual([
      `<meta name="theme-color" content="#ffffff" media="${lightMedia}"/>`,
      `<meta name="theme-color" content="#121212" media="${darkMedia}"/>`,
    ]);
  });

  it("renders the configured colours", () => {
    const tags = themeColors(renderPage({ preference: "system", options: { colors: { light: "#fafafa", dark: "#000000" } } }).html);
    expect(tags[0]).toContain('content="#fafafa"');
    expect(tags[1]).toContain('content="#000000"');
  });

  it("renders the head script, as it is, with the nonce, marked for script-deferring optimisers to leave alone", () => {
    const { html, theme } = renderPage({ preference: "dark", nonce: "r4nd0m" });
    const script = /<script id="react-router-theme" nonce="r4nd0m" data-cfasync="false">([\s\S]*?)<\/script>/.exec(html);
    expect(script?.[1]).toBe(getThemeScript(theme));
  });

  it("renders the same script whatever the cookie", () => {
    const script = (html: string) => /<script id="react-router-theme"[^>]*>[\s\S]*?<\/script>/.exec(html)![0];
    expect(script(renderPage({ preference: "dark" }).html)).toBe(script(renderPage({ preference: null }).html));
  });
});

describe("<ThemeSwitcher> on the server", () => {
  it("is a form posting to the endpoint, back to this page, with the current choice pressed", () => {
    const { html } = renderPage({ preference: "dark" });
    expect(html).toContain('<form action="/theme" method="post">');
    expect(html).toContain('<input type="hidden" name="redirectTo" value="/guide?x=1"/>');
    expect(html).toContain('<div role="group" aria-label="Theme">');
    expect(html).toContain('<button type="submit" value="dark" aria-pressed="true" name="theme">Dark</button>');
    expect(html).toContain('<button type="submit" value="light" aria-pressed="false" name="theme">Light</button>');
    expect(html).toContain('<button type="submit" value="system" aria-pressed="false" name="theme">System</button>');
  });

  it("presses System for a visitor who has not chosen", () => {
    expect(renderPage({ preference: null }).html).toContain('value="system" aria-pressed="true"');
  });

  it("puts the app's basename in the form's action and in redirectTo", () => {
    const { html } = renderPage({ preference: "dark", basename: "/docs", url: "/docs/guide" });
    expect(html).toContain('<form action="/docs/theme" method="post">');
    expect(html).toContain('name="redirectTo" value="/docs/guide"');
  });

  it("renders plain buttons and no form when there is no server", () => {
    const { html } = renderPage({ preference: null, options: { endpoint: null } });
    expect(html).not.toContain("<form");
    expect(html).toContain('<div role="group" aria-label="Theme">');
    expect(html).toContain('<button type="button" value="light" aria-pressed="false" name="theme">Light</button>');
  });

  it("takes other labels", () => {
    const { html } = renderPage({ body: <ThemeSwitcher label="Colour scheme" labels={{ dark: "Night" }} /> });
    expect(html).toContain('aria-label="Colour scheme"');
    expect(html).toContain(">Night</button>");
    expect(html).toContain(">Light</button>");
  });
});

describe("<ThemeRadioGroup> on the server", () => {
  const radio = (html: string, value: string) => new RegExp(`<input type="radio"[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? "";

  it("is a form of three radios, the current one checked, with a Save button", () => {
    const { html } = renderPage({ preference: "light", body: <ThemeRadioGroup /> });
    expect(html).toContain('<form action="/theme" method="post">');
    expect(html).toContain("<legend>Theme</legend>");
    expect(radio(html, "light")).toContain('checked=""');
    expect(radio(html, "dark")).not.toContain("checked");
    expect(radio(html, "system")).not.toContain("checked");
    expect(html).toContain("<span>Light</span>");
    expect(html).toContain('<button type="submit">Save</button>');
  });

  it("is the fieldset alone when there is no server", () => {
    const { html } = renderPage({ preference: null, options: { endpoint: null }, body: <ThemeRadioGroup /> });
    expect(html).not.toContain("<form");
    expect(html).not.toContain("Save");
    expect(radio(html, "system")).toContain('checked=""');
  });
});

describe("useTheme", () => {
  function Probe() {
    const { preference, resolved } = useTheme();
    return <output>{`${preference}/${resolved ?? "unknown"}`}</output>;
  }

  it.each([
    ["dark", "dark/dark"],
    ["light", "light/light"],
    ["system", "system/unknown"],
  ] as const)("gives %s as %s on the server", (preference, expected) => {
    expect(renderPage({ preference, body: <Probe /> }).html).toContain(`<output>${expected}</output>`);
  });

  it("says where ThemeHtml belongs when it is missing", () => {
    expect(() => renderToString(<Probe />)).toThrow(/ThemeHtml/);
  });
});

// The type only: a Theme cannot be written by hand.
// @ts-expect-error a plain object is not a Theme
const handWritten: Theme = { defaultPreference: "system", attribute: "class", cookieName: "theme", storageKey: "theme", colors: { light: "#fff", dark: "#000" }, colorScheme: true, endpoint: "/theme" };
void handWritten;
