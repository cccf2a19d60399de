import { expect, test } from "vitest";
import type { RenderJob, RenderResult } from "../render/render-page.server";
import type { PageRenderer } from "./render-worker-client.server";
import { renderWorkerPool } from "./render-worker-pool.server";

/** A renderer that holds each page until told, and records what it was given. */
function heldRenderer() {
  const held: { job: RenderJob; finish: () => void }[] = [];
  const calls: string[] = [];
  let running = true;
  let ended = () => {};
  const renderer: PageRenderer = {
    where: "worker",
    version: null,
    prepare: () => void calls.push("prepare"),
    render: (job) => new Promise<RenderResult>((resolve) => held.push({ job, finish: () => resolve({ html: job.url } as unknown as RenderResult) })),
    // Its worker has exited when the test says so.
    release: () => {
      calls.push("release");
      return new Promise<void>((resolve) => (ended = () => ((running = false), resolve())));
    },
    workerRunning: () => running,
  };
  return { renderer, held, calls, end: () => ended() };
}

const job = (url: string) => ({ url, relativePath: `${url}.md`, markdown: "", title: url }) as unknown as RenderJob;

test("each page goes to the renderer with the fewest pages in hand, and its result comes back", async () => {
  const [first, second] = [heldRenderer(), heldRenderer()];
  const pool = renderWorkerPool([first.renderer, second.renderer]);
  const a = pool.render(job("/a"));
  pool.render(job("/b"));
  pool.render(job("/c"));
  expect(first.held.map((page) => page.job.url)).toEqual(["/a", "/c"]);
  expect(second.held.map((page) => page.job.url)).toEqual(["/b"]);

  first.held[0]!.finish();
  await a;
  first.held[1]!.finish();
  await new Promise((resolve) => setTimeout(resolve, 0));
  pool.render(job("/d"));
  expect(first.held.map((page) => page.job.url)).toEqual(["/a", "/c", "/d"]);
  expect(((await a) as unknown as { html: string }).html).toBe("/a");
});

test("preparing and releasing reach every renderer, and a release is done once every renderer's worker has exited", async () => {
  const renderers = [heldRenderer(), heldRenderer(), heldRenderer()];
  const pool = renderWorkerPool(renderers.map((each) => each.renderer));
  pool.prepare({} as never, []);
  let released = false;
  const release = pool.release({ now: true }).then(() => (released = true));
  for (const each of renderers) expect(each.calls).toEqual(["prepare", "release"]);

  renderers[0]!.end();
  renderers[1]!.end();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect([released, pool.workerRunning?.()]).toEqual([false, true]);
  renderers[2]!.end();
  await release;
  expect([released, pool.workerRunning?.()]).toEqual([true, false]);
});
