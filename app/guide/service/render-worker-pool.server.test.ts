import { expect, test } from "vitest";
import type { RenderJob, RenderResult } from "../render/render-page.server";
import type { PageRenderer } from "./render-worker-client.server";
import { renderWorkerPool } from "./render-worker-pool.server";

/** A renderer that holds each page until told, and records what it was given. */
function heldRenderer() {
  const held: { job: RenderJob; finish: () => void }[] = [];
  const calls: string[] = [];
  const renderer: PageRenderer = {
    where: "worker",
    version: null,
    prepare: () => void calls.push("prepare"),
    render: (job) => new Promise<RenderResult>((resolve) => held.push({ job, finish: () => resolve({ html: job.url } as unknown as RenderResult) })),
    release: () => void calls.push("release"),
  };
  return { renderer, held, calls };
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

test("preparing and releasing reach every renderer", () => {
  const renderers = [heldRenderer(), heldRenderer(), heldRenderer()];
  const pool = renderWorkerPool(renderers.map((each) => each.renderer));
  pool.prepare({} as never, []);
  pool.release();
  for (const each of renderers) expect(each.calls).toEqual(["prepare", "release"]);
});
