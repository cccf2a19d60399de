import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { collectEarlyOnceListening, heapLimitedArguments, limitOwnHeap, limitServerHeap } from "./heap-limit.ts";
import { memoryShares } from "./memory-budget.ts";
import { startHeapFile } from "./start-heap.ts";

const serverProcess = (overrides: Partial<{ execArgv: string[]; env: NodeJS.ProcessEnv }> = {}) => ({
  execPath: "/usr/bin/node",
  execArgv: ["--enable-source-maps"],
  argv: ["/usr/bin/node", "/srv/server/index.ts"],
  env: {},
  ...overrides,
});

describe("the server's own heap limit", () => {
  it("compiles each regular expression once, to machine code, for its render workers, unless the user chose how V8 compiles them", () => {
    const chosen = (flag: string) => heapLimitedArguments(512, serverProcess({ execArgv: [flag] }))?.filter((given) => given.includes("regexp"));
    expect(heapLimitedArguments(512, serverProcess())).toContain("--no-regexp-tier-up");
    expect(chosen("--regexp-tier-up")).toEqual(["--regexp-tier-up"]);
    expect(chosen("--regexp_tier_up_ticks=5")).toEqual(["--regexp_tier_up_ticks=5"]);
    expect(chosen("--regexp-interpret-all")).toEqual(["--regexp-interpret-all"]);
  });

  it("starts the server again with its share of the budget and a small young generation, keeping its options and arguments", () => {
    expect(heapLimitedArguments(512, serverProcess())).toEqual([
      "/usr/bin/node",
      `--max-old-space-size=${memoryShares(512).serverHeapMB}`,
      "--max-semi-space-size=8",
      "--no-regexp-tier-up",
      "--enable-source-maps",
      "/srv/server/index.ts",
    ]);
  });

  it("grows with the budget, and never falls under what the largest folder needs (100,000 pages: 430 MB at the peak of their start)", () => {
    expect(memoryShares(384).serverHeapMB).toBeGreaterThanOrEqual(512);
    expect(memoryShares(4096).serverHeapMB).toBeGreaterThan(memoryShares(512).serverHeapMB);
  });

  it("keeps a limit the user gave, on the command line or in NODE_OPTIONS, and a young generation they chose", () => {
    expect(heapLimitedArguments(512, serverProcess({ execArgv: ["--max-old-space-size=900"] }))).toBeNull();
    expect(heapLimitedArguments(512, serverProcess({ env: { NODE_OPTIONS: "--inspect --max-old-space-size=900" } }))).toBeNull();
    expect(heapLimitedArguments(512, serverProcess({ execArgv: ["--max-semi-space-size=2"] }))).toEqual(["/usr/bin/node", `--max-old-space-size=${memoryShares(512).serverHeapMB}`, "--no-regexp-tier-up", "--max-semi-space-size=2", "/srv/server/index.ts"]);
  });

  it("reads a choice the user spelled with underscores, as Node and V8 take it, as theirs", () => {
    // Node puts its command line after NODE_OPTIONS: a limit of ours there would win over theirs.
    expect(heapLimitedArguments(512, serverProcess({ env: { NODE_OPTIONS: "--max_old_space_size=2048" } }))).toBeNull();
    const chosen = heapLimitedArguments(512, serverProcess({ execArgv: ["--max_semi_space_size=2", "--heap_growing_percent=50", "--allocation_site_pretenuring"] }), {
      collectEarly: true,
      neverPretenure: true,
    });
    expect(chosen?.filter((flag) => /semi|growing|pretenuring/.test(flag))).toEqual(["--max_semi_space_size=2", "--heap_growing_percent=50", "--allocation_site_pretenuring"]);
    const listening = new EventEmitter();
    const set: string[] = [];
    collectEarlyOnceListening(listening, serverProcess({ env: { NODE_OPTIONS: "--heap_growing_percent=50" } }), (flags) => set.push(flags));
    listening.emit("listening");
    expect(set).toEqual([]);
  });

  it("makes a process that mostly waits on its workers (an export's) collect its old generation early, and keeps a growth the user chose", () => {
    const limited = heapLimitedArguments(512, serverProcess(), { collectEarly: true });
    expect(limited).toContain("--heap-growing-percent=10");
    expect(heapLimitedArguments(512, serverProcess())).not.toContain("--heap-growing-percent=10");
    const chosen = heapLimitedArguments(512, serverProcess({ execArgv: ["--heap-growing-percent=50"] }), { collectEarly: true });
    expect(chosen?.filter((flag) => flag.startsWith("--heap-growing-percent"))).toEqual(["--heap-growing-percent=50"]);
  });

  it("starts the process again once, with few malloc arenas: the process started again runs as it is", () => {
    const calls: { file: string; args: string[]; env: NodeJS.ProcessEnv }[] = [];
    const execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => {
      calls.push({ file, args, env });
      return undefined as never;
    };
    limitOwnHeap(512, { ...serverProcess({ env: { PORT: "3000" } }), execve });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.file).toBe("/usr/bin/node");
    expect(calls[0]!.env.PORT).toBe("3000");
    expect(calls[0]!.env.MALLOC_ARENA_MAX).toBe("2");
    expect(calls[0]!.env.MALLOC_MMAP_THRESHOLD_).toBe("131072");
    expect(calls[0]!.env.MALLOC_TRIM_THRESHOLD_).toBe("131072");

    limitOwnHeap(512, { ...serverProcess({ env: calls[0]!.env }), execve });
    expect(calls).toHaveLength(1);
  });

  it("keeps an arena count and malloc thresholds the user gave", () => {
    const calls: NodeJS.ProcessEnv[] = [];
    const env = { MALLOC_ARENA_MAX: "8", MALLOC_MMAP_THRESHOLD_: "65536", MALLOC_TRIM_THRESHOLD_: "1048576" };
    limitOwnHeap(512, { ...serverProcess({ env }), execve: (_file, _args, given) => (calls.push(given), undefined as never) });
    expect(calls[0]).toMatchObject(env);
  });

  it("runs as it is where Node has no execve", () => {
    expect(() => limitOwnHeap(512, serverProcess())).not.toThrow();
  });

  it("makes the server collect its old generation early once it listens, not while it starts, unless the user chose a growth", () => {
    const set: string[] = [];
    const server = new EventEmitter();
    collectEarlyOnceListening(server, serverProcess(), (flags) => set.push(flags));
    expect(set).toEqual([]);
    server.emit("listening");
    expect(set).toEqual(["--heap-growing-percent=25"]);

    const chosen = new EventEmitter();
    collectEarlyOnceListening(chosen, serverProcess({ execArgv: ["--heap-growing-percent=50"] }), (flags) => set.push(flags));
    chosen.emit("listening");
    expect(set).toEqual(["--heap-growing-percent=25"]);
  });
});

describe("the server's young objects", () => {
  // A long render: most of what one allocation site makes outlives several young collections. Then a
  // request, in optimised code: how many of that site's next 1,000 objects begin in the young generation
  // (V8's test intrinsic). V8 makes them old in most processes, not in all: a few rounds in each.
  const LESSON = `
    function entry(i) { return { i, next: null }; }
    function render() { const kept = []; for (let i = 0; i < 1_000_000; i++) kept.push(entry(i)); return kept.length; }
    function youngOf1000() { let young = 0; for (let i = 0; i < 1000; i++) if (%InYoungGeneration(entry(i))) young++; return young; }
    %NeverOptimizeFunction(render);
    %PrepareFunctionForOptimization(entry);
    let young;
    for (let round = 0; round < 4 && young !== 0; round++) {
      render();
      %PrepareFunctionForOptimization(youngOf1000);
      youngOf1000();
      %OptimizeFunctionOnNextCall(youngOf1000);
      young = youngOf1000();
    }
    console.log(young);
  `;
  const youngAfterLessons = (args: string[], processes: number) => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pretenuring-"));
    try {
      const script = path.join(scratch, "lesson.js");
      fs.writeFileSync(script, LESSON);
      const [node, ...flags] = args;
      return Array.from({ length: processes }, () => Number(execFileSync(node!, ["--allow-natives-syntax", ...flags, script], { encoding: "utf8" }).trim()));
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  };

  it("begin young in the server after a long render taught their allocation site that its objects live on (V8 would make them old from then on)", () => {
    const started: string[][] = [];
    const execve = (_file: string, args: string[]) => (started.push(args), undefined as never);
    limitServerHeap({ ...serverProcess({ execArgv: [] }), execPath: process.execPath, execve });
    const serverFlags = started[0]!.slice(0, -1);
    expect(youngAfterLessons(serverFlags, 2)).toEqual([1000, 1000]);
    // The lesson does teach V8: with the server's other flags, it makes them old (in 21 of 25 processes measured, 18 of 25 on a busy machine).
    const withPretenuring = serverFlags.filter((flag) => flag !== "--no-allocation-site-pretenuring");
    expect(youngAfterLessons(withPretenuring, 8)).toContain(0);
  });

  it("keeps a pretenuring choice the user gave, and leaves an export's process to V8", () => {
    const chosen = heapLimitedArguments(512, serverProcess({ execArgv: ["--allocation-site-pretenuring"] }), { neverPretenure: true });
    expect(chosen?.filter((flag) => flag.includes("pretenuring"))).toEqual(["--allocation-site-pretenuring"]);
    expect(heapLimitedArguments(512, serverProcess(), { collectEarly: true })?.filter((flag) => flag.includes("pretenuring"))).toEqual([]);
  });
});

describe("the server's old generation at start", () => {
  it("begins at the size the last start of the folder reached, unless the user chose one", () => {
    expect(heapLimitedArguments(512, serverProcess(), { startOldGenerationMB: 221 })).toContain("--initial-old-space-size=221");
    expect(heapLimitedArguments(512, serverProcess()) ?? []).not.toContainEqual(expect.stringMatching(/^--initial-old-space-size/));
    const chosen = heapLimitedArguments(512, serverProcess({ execArgv: ["--initial-old-space-size=64"] }), { startOldGenerationMB: 221 });
    expect(chosen?.filter((flag) => flag.startsWith("--initial-old-space-size"))).toEqual(["--initial-old-space-size=64"]);
  });

  it("is read, when the server starts itself again, from the note its last start on CONTENT_DIR left in CACHE_DIR", () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "server-heap-"));
    try {
      const env = { CONTENT_DIR: path.join(scratch, "docs"), CACHE_DIR: path.join(scratch, "cache"), MEMORY_BUDGET_MB: "1024" };
      fs.mkdirSync(env.CONTENT_DIR);
      const started: string[][] = [];
      const execve = (_file: string, args: string[]) => (started.push(args), undefined as never);
      limitServerHeap({ ...serverProcess({ env }), execve });
      const file = startHeapFile(env)!;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ reachedMB: 201 }));
      limitServerHeap({ ...serverProcess({ env }), execve });
      expect(started.map((args) => args.find((flag) => flag.startsWith("--initial-old-space-size")) ?? null)).toEqual([null, "--initial-old-space-size=224"]);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
