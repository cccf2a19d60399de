import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";

/**
 * Every test watches every page it opens: any console error or warning, or
 * uncaught page error, fails the test. A test that provokes an expected
 * network failure can allow that one message with `allowConsole`.
 */
type ConsoleWatch = {
  problems: string[];
  allowed: RegExp[];
  watch(context: BrowserContext): void;
};

type Fixtures = {
  consoleWatch: ConsoleWatch;
  /** Allow console messages matching this pattern for the rest of the test. */
  allowConsole: (pattern: RegExp) => void;
  /** A fresh browser context (own cookies and storage), watched like the default one. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
};

export const test = base.extend<Fixtures>({
  consoleWatch: [
    async ({ context }, use) => {
      const watch: ConsoleWatch = {
        problems: [],
        allowed: [],
        watch(target) {
          const onPage = (page: Page) => {
            page.on("console", (message) => {
              if (message.type() !== "error" && message.type() !== "warning") return;
              const text = `${message.type()}: ${message.text()} (${page.url()})`;
              if (!watch.allowed.some((pattern) => pattern.test(text))) watch.problems.push(text);
            });
            page.on("pageerror", (error) => watch.problems.push(`pageerror: ${error.message} (${page.url()})`));
          };
          target.pages().forEach(onPage);
          target.on("page", onPage);
        },
      };
      watch.watch(context);
      await use(watch);
      expect(watch.problems, "the console stays empty").toEqual([]);
    },
    { auto: true },
  ],
  allowConsole: async ({ consoleWatch }, use) => {
    await use((pattern) => consoleWatch.allowed.push(pattern));
  },
  newContext: async ({ browser, consoleWatch, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext({ baseURL, ...options });
      consoleWatch.watch(context);
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };
export type { Browser, BrowserContext, Page };

/** The page's background, which tells light from dark at a glance. */
export const BACKGROUND = { light: "rgb(255, 255, 255)", dark: "rgb(15, 17, 21)" } as const;

/**
 * Resolves once React has hydrated the header (its theme switcher, a form
 * or on a static export a group, has React's props attached) and run the
 * effects of that render: the search box names its keyboard shortcuts
 * (aria-keyshortcuts) only once its effect listens for them, so a key
 * pressed after this is never lost.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const switcher = document.querySelector(".site-header .theme-switch");
    const hydrated = switcher !== null && Object.keys(switcher).some((key) => key.startsWith("__reactProps"));
    return hydrated && document.querySelector(".site-header input[aria-keyshortcuts]") !== null;
  });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
