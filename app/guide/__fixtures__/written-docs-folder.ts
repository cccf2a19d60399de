import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const written: string[] = [];

/**
 * A docs folder written for a test: `files` by their paths relative to it,
 * in a new temporary folder, named by its real path (as the guide and
 * `check` name files, and as the walk compares links against it).
 */
export function writeDocsFolder(files: Record<string, string | Buffer>, prefix = "docs-"): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  written.push(root);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

/** Removes every folder writeDocsFolder wrote so far: for a test file's afterEach or afterAll. */
export function removeWrittenDocsFolders(): void {
  for (const root of written.splice(0)) fs.rmSync(root, { recursive: true, force: true });
}
