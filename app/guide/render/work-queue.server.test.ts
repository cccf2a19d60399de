import { describe, expect, test } from "vitest";
import { createWorkQueue, type Lane } from "./work-queue.server";

/** Resolves once everything added so far has run: a background task, the last lane, added last. */
function drained(queue: ReturnType<typeof createWorkQueue>): Promise<void> {
  return new Promise((resolve) => queue.add("background", async () => resolve()));
}

describe("the render worker's queue", () => {
  test("runs one task at a time: visitors' pages, then warming up, then background pages", async () => {
    const queue = createWorkQueue();
    const ran: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2));
      ran.push(name);
      running--;
    };
    // The first task starts at once; the rest wait and are chosen by lane.
    const added: [Lane, string][] = [
      ["background", "background 1"],
      ["background", "background 2"],
      ["warm-up", "warm-up 1"],
      ["visitor", "visitor 1"],
      ["warm-up", "warm-up 2"],
      ["visitor", "visitor 2"],
    ];
    for (const [lane, name] of added) queue.add(lane, task(name));
    await drained(queue);

    expect(ran).toEqual(["background 1", "visitor 1", "visitor 2", "warm-up 1", "warm-up 2", "background 2"]);
  });

  test("puts a visitor who comes during a task before the tasks already waiting", async () => {
    const queue = createWorkQueue();
    const ran: string[] = [];
    queue.add("warm-up", async () => {
      // A visitor's request arrives as an event while a warm-up step runs.
      setTimeout(() => queue.add("visitor", async () => void ran.push("visitor")), 0);
      await new Promise((resolve) => setTimeout(resolve, 10));
      ran.push("warm-up 1");
    });
    queue.add("warm-up", async () => void ran.push("warm-up 2"));
    queue.add("background", async () => void ran.push("background"));
    await drained(queue);

    expect(ran).toEqual(["warm-up 1", "visitor", "warm-up 2", "background"]);
  });

  test("goes on after a task that fails", async () => {
    const queue = createWorkQueue();
    const ran: string[] = [];
    queue.add("visitor", async () => {
      throw new Error("broken page");
    });
    queue.add("background", async () => void ran.push("next page"));
    await drained(queue);

    expect(ran).toEqual(["next page"]);
  });
});
