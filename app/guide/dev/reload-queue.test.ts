import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createReloadQueue } from "./reload-queue.ts";

let folder: string;
beforeEach(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "reload-queue-"));
});
afterEach(() => fs.rm(folder, { recursive: true, force: true }));

const SETTLE_MS = 20;
const settled = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS * 5));

test("reports that come together are one reload", async () => {
  const reload = vi.fn(async () => {});
  const queue = createReloadQueue(reload, SETTLE_MS);
  queue.schedule(path.join(folder, "a.md"));
  queue.schedule(path.join(folder, "b.md"));
  queue.schedule();
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  await settled();
  expect(reload).toHaveBeenCalledTimes(1);
});

test("a file that changes while the reload reads the folder, with no report of it, is read again", async () => {
  // The watcher reported the truncation; the write that follows within its
  // 50 ms window is never reported.
  const file = path.join(folder, "page.md");
  await fs.writeFile(file, "");
  const read: string[] = [];
  const reload = vi.fn(async () => {
    read.push(await fs.readFile(file, "utf8"));
    if (read.length === 1) await fs.writeFile(file, "# Written\n\nAll of it.\n");
  });
  const queue = createReloadQueue(reload, SETTLE_MS);
  queue.schedule(file);
  await vi.waitFor(() => expect(read).toEqual(["", "# Written\n\nAll of it.\n"]));
  await settled();
  expect(reload).toHaveBeenCalledTimes(2);
});

test("a report during a reload brings one more reload after it, never two at once", async () => {
  let running = 0;
  let mostAtOnce = 0;
  let release: () => void = () => {};
  const reload = vi.fn(async () => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise<void>((resolve) => (release = resolve));
    running -= 1;
  });
  const queue = createReloadQueue(reload, SETTLE_MS);
  queue.schedule();
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  queue.schedule();
  queue.schedule();
  await settled();
  expect(reload).toHaveBeenCalledTimes(1);
  release();
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  release();
  await settled();
  expect(reload).toHaveBeenCalledTimes(2);
  expect(mostAtOnce).toBe(1);
});

test("a reload that fails does not stop the next one", async () => {
  const reload = vi.fn(async () => {
    if (reload.mock.calls.length === 1) throw new Error("the folder is broken");
  });
  const queue = createReloadQueue(reload, SETTLE_MS);
  queue.schedule();
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  await settled();
  queue.schedule();
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
});
