import fs from "node:fs";

/**
 * Which Chromium the browser tests drive: CHROME_PATH if set, else Debian's
 * /usr/bin/chromium if present, else Playwright's own (undefined).
 */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  if (fs.existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return undefined;
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
