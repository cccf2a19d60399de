import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { FIXTURES_DIR } from "./support/docs-server";

const CLI = fileURLToPath(new URL("../../packages/cli/dist/cli.js", import.meta.url));

/**
 * The server's list of every page (a folder with no landing page) answers at
 * once with the descriptions read so far while a first start renders; an
 * export is written once, so its list waits for every page's.
 */
test("an export of a folder with no landing page lists every page with its description", async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "export-list-"));
  try {
    const out = path.join(scratch, "site");
    await promisify(execFile)(process.execPath, [CLI, "build", path.join(FIXTURES_DIR, "docusaurus"), "--out", out]);
    const list = fs.readFileSync(path.join(out, "guide", "index.html"), "utf8");
    expect(list).not.toContain("pages so far");
    const entries = [...list.matchAll(/<li style="--depth:\d+"><a [^>]*>[^<]*<\/a>(<span> — )?/g)];
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.filter((entry) => entry[1] === undefined).map((entry) => entry[0])).toEqual([]);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
