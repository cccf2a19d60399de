import fs from "node:fs";

/**
 * Which Chromium drives the browser tests and benchmarks. CHROME_PATH, when
 * set, is used for everything.
 */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
/**
 * Debian's chromium-headless-shell: Chromium's own headless build (what
 * Playwright runs when it brings its browser), without the full browser's
 * window and its UI pages. A new context, page and page load cost it about
 * a third of the CPU they cost the full browser here, which is what a suite
 * of a thousand pages spends its time on.
 */
export const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/** The full browser: CHROME_PATH if set, else Debian's /usr/bin/chromium if present, else Playwright's own (undefined). */
export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  if (fs.existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return undefined;
}

/** For the browser tests: CHROME_PATH if set, else Debian's headless shell if installed, else the full browser. */
export function headlessExecutable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  if (fs.existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  return chromiumExecutable(env);
}

/** Quiet, offline-friendly flags: no background traffic to hosts that cannot be reached. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
