import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, headlessExecutable } from "./tests/browser";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DEV_PORT = PORT + 1;
const launchOptions = { executablePath: headlessExecutable(), args: chromiumArgs };
// React reports hydration differences only in its development build, so one
// suite runs against the development server to prove there are none.
const DEVELOPMENT_ONLY = /\.dev\.spec\.ts$/;
// Every server the suite starts keeps its rendered pages and search index
// here, not in the user's own cache folder. Kept between runs, as a user's
// is: the pages' keys make a stale entry impossible.
process.env.CACHE_DIR ??= path.join(os.tmpdir(), "themed-guide-e2e-cache");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // An assertion waits up to 10 s, not Playwright's 5: on a CI machine a
  // search on an exported page (a new document starting Pagefind's worker,
  // its WebAssembly and index) once took longer than 5 s, though locally the
  // slowest of 40 timed runs beside three busy loops took 1.5 s.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace for every test, to keep only the failures', made the
    // suite about 15% slower (site.spec.ts: 97 and 103 s against 79 and 92 s
    // without). To look into a failure: `--trace retain-on-failure`.
    trace: "off",
  },
  projects: [
    {
      name: "production",
      testIgnore: DEVELOPMENT_ONLY,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "development",
      testMatch: DEVELOPMENT_ONLY,
      use: { ...devices["Desktop Chrome"], launchOptions, baseURL: `http://127.0.0.1:${DEV_PORT}` },
    },
  ],
  webServer: [
    {
      // The production build, as it runs in production.
      command: "npm run serve",
      url: `http://127.0.0.1:${PORT}/healthz`,
      env: { PORT: String(PORT), HOST: "127.0.0.1" },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx react-router dev --host 127.0.0.1 --port ${DEV_PORT} --strictPort`,
      url: `http://127.0.0.1:${DEV_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
