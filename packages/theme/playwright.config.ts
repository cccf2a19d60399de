import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, headlessExecutable } from "../../tests/browser.ts";
import type { AppUnderTest } from "./test/support/theme-test.ts";

/**
 * react-router-theme's browser tests: one fixture app per rendering mode
 * (test/apps), plus the newcomer's app, React Router's default template with
 * the README's quick start applied (scripts/newcomer-app.ts). Each app is
 * built beforehand (`npm run test:e2e` does it) and served once for the
 * whole run. No traces by default: recording one for each of some 180 short
 * tests costs more than the tests; add `--trace retain-on-failure` to look
 * into a failure.
 */
const launchOptions = { executablePath: headlessExecutable(), args: chromiumArgs };

/** What each fixture app runs: the whole matrix of both specs. */
const fixtureSpecs = /(first-paint|switching)\.spec\.ts$/;

const apps: Array<{ name: string; folder: string; port: number; app: AppUnderTest; testMatch: RegExp }> = [
  { name: "server-rendering", folder: "test/apps/server-rendering", port: 3400, app: { mode: "server-rendering", showsThemeState: true }, testMatch: fixtureSpecs },
  { name: "prerendered", folder: "test/apps/prerendered", port: 3401, app: { mode: "prerendered", showsThemeState: true }, testMatch: fixtureSpecs },
  { name: "spa", folder: "test/apps/spa", port: 3402, app: { mode: "spa", showsThemeState: true }, testMatch: fixtureSpecs },
  {
    name: "newcomer",
    folder: "test/.generated/newcomer-app",
    port: 3403,
    app: {
      mode: "server-rendering",
      showsThemeState: false,
      // The template's app.css: `bg-white dark:bg-gray-950` on html and body.
      pageBackground: { light: "rgb(255, 255, 255)", dark: "oklch(0.13 0.028 261.692)" },
      googleFonts: true,
    },
    // The quick start as a newcomer applies it to the template: the whole
    // first-paint matrix proves it, the template's own `dark:` classes
    // included; then what else the template must keep, and the README's
    // Tailwind recipes (compiled and checked without the app).
    testMatch: /(first-paint|default-template|tailwind-recipes)\.spec\.ts$/,
  },
];

// `--project=newcomer` (npm run test:newcomer) starts only the servers it needs.
const only = process.argv.flatMap((argument, index) =>
  argument.startsWith("--project=") ? [argument.slice(10)] : argument === "--project" ? [process.argv[index + 1] ?? ""] : [],
);
const served = only.length > 0 ? apps.filter(({ name }) => only.includes(name)) : apps;

export default defineConfig<{ app: AppUnderTest }>({
  testDir: "test/e2e",
  outputDir: "test/.generated/test-results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // The JSON report is what the README's conformance matrix is made from and checked against (scripts/conformance-matrix.ts).
  reporter: [["list"], ["json", { outputFile: "test/.generated/results.json" }]],
  use: { trace: "off" },
  projects: apps.map(({ name, port, app, testMatch }) => ({
    name,
    testMatch,
    use: { ...devices["Desktop Chrome"], launchOptions, baseURL: `http://127.0.0.1:${port}`, app },
  })),
  webServer: served.map(({ folder, port }) => ({
    command: `NODE_ENV=production node test/support/serve-app.ts ${folder} ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  })),
});
