/**
 * Makes sure a Chromium is there for the browser tests, installing one if it
 * can: Debian's packages (chromium, and its headless shell, which the
 * tests prefer) when running as root with apt-get, else Playwright's own
 * download. Says what to do when neither works.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, headlessExecutable } from "../tests/browser.ts";

function run(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "inherit" });
    return true;
  } catch {
    return false;
  }
}

const isRoot = process.getuid?.() === 0;
const hasApt = fs.existsSync("/usr/bin/apt-get");

// Debian's headless shell runs the suite at about a third of the full
// browser's CPU; worth installing beside it, but the tests run without it.
if (!process.env.CHROME_PATH && fs.existsSync(DEBIAN_CHROMIUM) && !fs.existsSync(DEBIAN_HEADLESS_SHELL) && isRoot && hasApt) {
  console.log("Installing Debian's chromium-headless-shell for the browser tests…");
  run("apt-get", ["install", "-y", "chromium-headless-shell"]) || (run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "chromium-headless-shell"]));
}

const found = headlessExecutable();
if (found) {
  if (!fs.existsSync(found)) {
    console.error(`CHROME_PATH is ${found}, but there is no file there. Point it at a Chromium or Chrome binary.`);
    process.exit(1);
  }
  console.log(`Browser tests use ${found}`);
  process.exit(0);
}

if (isRoot && hasApt) {
  console.log("No Chromium found: installing Debian's chromium and chromium-headless-shell packages…");
  if (run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "chromium", "chromium-headless-shell"])) {
    if (fs.existsSync(DEBIAN_CHROMIUM)) process.exit(0);
  }
}

if (fs.existsSync(chromium.executablePath())) process.exit(0);
console.log("Installing Playwright's Chromium…");
if (run("npx", ["playwright", "install", "chromium"]) && fs.existsSync(chromium.executablePath())) process.exit(0);

console.error(
  [
    "No Chromium for the browser tests, and none could be installed.",
    "Do one of these, then run the tests again:",
    "  - on Debian or Ubuntu, as root: apt-get install chromium",
    "  - anywhere with internet access: npx playwright install chromium",
    "  - or set CHROME_PATH to an installed Chromium or Chrome.",
  ].join("\n"),
);
process.exit(1);
