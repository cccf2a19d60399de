/**
 * The render worker's work, one task at a time, so that a visitor's page
 * never shares the CPU with anything else: pages someone is waiting for
 * first, then warming up, then the background's pages.
 *
 * Warming up comes in small steps (one language each, see
 * render-worker.server.ts) so a visitor who comes meanwhile waits for one
 * step at most, not for all of them.
 */

export type Lane = "visitor" | "warm-up" | "background";
type Task = () => Promise<unknown>;

const ORDER: readonly Lane[] = ["visitor", "warm-up", "background"];

export function createWorkQueue() {
  const lanes: Record<Lane, Task[]> = { visitor: [], "warm-up": [], background: [] };
  let running = false;

  function next() {
    if (running) return;
    const lane = ORDER.find((name) => lanes[name].length > 0);
    if (!lane) return;
    const task = lanes[lane].shift()!;
    running = true;
    void task()
      .catch(() => {}) // a task reports its own failure; the queue goes on
      .finally(() => {
        running = false;
        // A turn of the event loop between tasks: a visitor's request that
        // arrived during this one is read before the next task is chosen.
        setImmediate(next);
      });
  }

  return {
    add(lane: Lane, task: Task) {
      lanes[lane].push(task);
      next();
    },
  };
}
