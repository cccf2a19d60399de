import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach } from "vitest";
import type { UrlTargets } from "../../render/resolve-url.server";

/**
 * Stand-ins for the built render worker (render/render-worker.server.ts): each
 * call writes `source` to a file of its own, which goes once the test ends.
 * Call at the top of a test file.
 */
export function useFakeWorkerFiles(): (source: string) => URL {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  return (source) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "render-worker-"));
    folders.push(folder);
    const file = path.join(folder, "render-worker.mjs");
    fs.writeFileSync(file, source);
    return pathToFileURL(file);
  };
}

/** A folder with nothing to link to, for preparing a renderer. */
export const NO_TARGETS: UrlTargets = { pages: new Map(), folders: new Map(), pageUrls: new Set(), files: new Map(), sitePaths: new Set() };
