import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { prestartRenderWorker } from "./render-worker-prestart.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A stand-in worker that echoes what it is sent, to show the channel carries Maps (the guide's link targets). */
function echoWorker(): URL {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "render-worker-"));
  folders.push(folder);
  const file = path.join(folder, "render-worker.mjs");
  fs.writeFileSync(file, `process.on("message", (message) => process.send(message)); process.on("disconnect", () => process.exit(0));`);
  return pathToFileURL(file);
}

describe("the render worker the server starts before its bundle loads", () => {
  test("talks over a channel that carries Maps and Sets as they are, as the guide's workers do", async () => {
    const worker = prestartRenderWorker(echoWorker())!;
    const echoed = new Promise((resolve) => worker.once("message", resolve));
    worker.send({ pages: new Map([["a.md", "/guide/a"]]), pageUrls: new Set(["/guide/a"]) });
    expect(await echoed).toEqual({ pages: new Map([["a.md", "/guide/a"]]), pageUrls: new Set(["/guide/a"]) });
    worker.kill();
  });

  test("is not started when there is no built worker", () => {
    expect(prestartRenderWorker(new URL("file:///nonexistent/render-worker.js"))).toBeNull();
  });
});
