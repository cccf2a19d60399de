import { expect, test, waitForHydration } from "./fixtures";

/**
 * Against the development server, where React checks every attribute while
 * hydrating and logs any difference: the console fixture fails the test on
 * the first warning. The states are the ones where the head script changes
 * the page before React starts.
 */
const states = [
  { name: "nothing stored, OS dark", os: "dark", cookie: null, stored: null },
  { name: "system in the cookie, OS light", os: "light", cookie: "system", stored: "system" },
  { name: "dark in the cookie, OS light", os: "light", cookie: "dark", stored: null },
  { name: "dark only in localStorage, OS light", os: "light", cookie: null, stored: "dark" },
  { name: "light only in localStorage, OS dark", os: "dark", cookie: null, stored: "light" },
] as const;

for (const state of states) {
  test(`hydration finds the server's markup unchanged: ${state.name}`, async ({ newContext, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const context = await newContext({
      colorScheme: state.os,
      storageState: {
        cookies: state.cookie
          ? [{ name: "theme", value: state.cookie, domain: "127.0.0.1", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }]
          : [],
        origins: state.stored ? [{ origin, localStorage: [{ name: "theme", value: state.stored }] }] : [],
      },
    });
    const page = await context.newPage();
    for (const path of ["/", "/guide/themes", "/appearance"]) {
      await page.goto(path);
      await waitForHydration(page);
      const preference = state.cookie ?? state.stored ?? "system";
      await expect(page.locator("html")).toHaveAttribute("data-theme-preference", preference);
    }
  });
}
