import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { docsFolderCache } from "../app/guide/service/page-cache/docs-folder-cache.server";
import { defaultCacheDir } from "./cache-folder.ts";
import { startHeapFile, startOldGenerationMB, watchStartHeap } from "./start-heap.ts";

let scratch: string;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "start-heap-"));
  fs.mkdirSync(path.join(scratch, "docs"));
});
afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

const MB = 1024 * 1024;

/** A full collection, as the server's heap has on its way through a start; only tests ask V8 for one. */
function collectGarbage() {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}

const noteOf = (reachedMB: unknown) => {
  const file = path.join(scratch, "note.json");
  fs.writeFileSync(file, JSON.stringify({ reachedMB }));
  return file;
};

describe("the note of the heap a start reached", () => {
  it("is kept in the docs folder's own part of the cache folder, the one the guide keeps its pages in, found from the settings' variables", () => {
    const env = { CONTENT_DIR: " docs ", CACHE_DIR: "cache" };
    const folder = docsFolderCache(path.join(scratch, "cache"), "", () => {}).folderOf(fs.realpathSync(path.join(scratch, "docs")));
    expect(startHeapFile(env, scratch)).toBe(path.join(folder!, "start-heap.json"));
    // Without CACHE_DIR, the user's cache folder, as the settings choose it.
    expect(path.dirname(path.dirname(startHeapFile({ CONTENT_DIR: "docs", XDG_CACHE_HOME: path.join(scratch, "xdg") }, scratch)!))).toBe(defaultCacheDir({ XDG_CACHE_HOME: path.join(scratch, "xdg") }));
    expect(startHeapFile({ CONTENT_DIR: "no-such-folder" }, scratch)).toBeNull();
  });

  it("sizes the next start's old generation at a tenth more than the start reached, in steps that keep Node's cache of compiled code, held to half the memory budget", () => {
    expect(startOldGenerationMB(noteOf(201), 512)).toBe(224);
    // Starts a little apart keep one size: Node keys its compiled code by V8's flags.
    expect(startOldGenerationMB(noteOf(195), 512)).toBe(224);
    expect(startOldGenerationMB(noteOf(400), 512)).toBe(256);
    expect(startOldGenerationMB(noteOf(400), 1024)).toBe(448);
  });

  it("leaves a start that reached less than 96 MB to V8, whose few collections there cost less than compiling the modules again for a new flag", () => {
    expect(startOldGenerationMB(noteOf(95), 512)).toBeNull();
    expect(startOldGenerationMB(noteOf(26), 512)).toBeNull();
    expect(startOldGenerationMB(noteOf(96), 512)).toBe(128);
  });

  it("is no note when it is missing or is not one, and the start begins as V8 chooses", () => {
    expect(startOldGenerationMB(null, 512)).toBeNull();
    expect(startOldGenerationMB(path.join(scratch, "none.json"), 512)).toBeNull();
    for (const reached of [-5, 0, 1.5, "200", null, 2 ** 60]) expect(startOldGenerationMB(noteOf(reached), 512), String(reached)).toBeNull();
    fs.writeFileSync(path.join(scratch, "torn.json"), '{"reachedMB":2');
    expect(startOldGenerationMB(path.join(scratch, "torn.json"), 512)).toBeNull();
  });

  it("records the most the heap held until the server listened, garbage collected on the way included", () => {
    const file = path.join(scratch, "cache", "folder", "start-heap.json");
    // Made by the guide as it loads.
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const server = new EventEmitter();
    watchStartHeap(file).noteOnceListening(server);
    // 128 MB held (past the size worth noting), then let go and collected: the heap ends far below what the start needed.
    let held: number[][] | null = Array.from({ length: 128 }, () => new Array<number>(128 * 1024).fill(1.5));
    const heldMB = Math.round(v8.getHeapStatistics().used_heap_size / MB);
    held = null;
    collectGarbage();
    expect(Math.round(v8.getHeapStatistics().used_heap_size / MB)).toBeLessThan(heldMB - 96);
    expect(fs.existsSync(file)).toBe(false);
    server.emit("listening");
    const { reachedMB } = JSON.parse(fs.readFileSync(file, "utf8")) as { reachedMB: number };
    expect(reachedMB).toBeGreaterThanOrEqual(heldMB);
    expect(startOldGenerationMB(file, 4096)).toBe(Math.ceil((reachedMB * 1.1) / 32) * 32);
  });

  it("is not written, and nothing is thrown, where the cache folder cannot be written", () => {
    fs.writeFileSync(path.join(scratch, "a-file"), "");
    const server = new EventEmitter();
    watchStartHeap(path.join(scratch, "a-file", "folder", "start-heap.json")).noteOnceListening(server);
    expect(() => server.emit("listening")).not.toThrow();
    expect(fs.readdirSync(scratch).sort()).toEqual(["a-file", "docs"]);
  });
});
