import { BACKGROUND, expect, test } from "./fixtures";
import { cases, describeCase, expected, expectRightFirstPaintWithJavaScript, explicitThemeColorTags, storageState } from "./support/first-paint";

/**
 * The theme is right on the first paint in every combination of JavaScript
 * on or off, OS light or dark, what is stored (nothing, light, dark,
 * system) and where (cookie and localStorage, only the cookie, only
 * localStorage) — and nothing changes it afterwards, hydration included.
 *
 * With JavaScript on, the app's bundle is held back until the first frame
 * has been looked at, so what is checked is the page before hydration.
 */

for (const themeCase of cases) {
  test(`first paint is right: ${describeCase(themeCase)}`, async ({ newContext, baseURL }) => {
    const want = expected(themeCase);
    const context = await newContext({
      javaScriptEnabled: themeCase.javaScript,
      colorScheme: themeCase.os,
      storageState: storageState(baseURL!, themeCase),
    });
    const page = await context.newPage();

    if (!themeCase.javaScript) {
      await page.goto("/guide/themes");
      await expect(page.locator("html")).toHaveCSS("background-color", BACKGROUND[want.theme]);
      await expect(page.locator("html")).toHaveAttribute("data-theme-preference", want.preference);
      if (want.preference === "system") await expect(page.locator("html")).not.toHaveAttribute("class", /./);
      else await expect(page.locator("html")).toHaveClass(want.preference);
      await expect(page.locator("html")).toHaveCSS("color-scheme", want.preference === "system" ? "light dark" : want.preference);
      const metas = page.locator('meta[name="theme-color"]');
      await expect(metas).toHaveCount(2);
      if (want.preference === "system") {
        await expect(metas.first()).toHaveAttribute("media", "(prefers-color-scheme: light)");
      } else {
        for (const [index, { media, content }] of explicitThemeColorTags(want.theme).entries()) {
          await expect(metas.nth(index)).toHaveAttribute("content", content);
          await expect(metas.nth(index)).toHaveAttribute("media", media);
        }
      }
      await expect(page.getByRole("button", { name: `${want.preference[0]!.toUpperCase()}${want.preference.slice(1)} theme` })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      return;
    }

    await expectRightFirstPaintWithJavaScript(page, "/guide/themes", themeCase);
  });
}
