import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { DatabaseSync } from "node:sqlite";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * What a docs author does with the package, exactly as its README says:
 * `npm install themed-guide` into an empty folder (here from the tarball
 * `npm pack` makes), then `npx themed-guide check` and `serve` on a folder
 * of their own. Nothing of the repository is on the way: the folder is
 * outside it, and its only packages are the tarball's and its dependencies.
 */
const run = promisify(execFile);
const packageDir = path.resolve(import.meta.dirname, "..");
const FIXTURE = path.resolve(packageDir, "../../tests/fixtures/docs/mkdocs");

let workDir: string;
let docs: string;
const npx = (...args: string[]) =>
  run("npx", ["themed-guide", ...args], { cwd: workDir, encoding: "utf8" }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "themed-guide-newcomer-"));
  // Bundled by `npm run test:newcomer` just before; packing runs no script, so the site is not built again.
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--pack-destination", workDir, "--silent"], { cwd: packageDir, encoding: "utf8" });
  const tarball = path.join(workDir, stdout.trim().split("\n").at(-1)!);
  await run("npm", ["init", "-y"], { cwd: workDir });
  // Its dependencies (React, React Router) are in npm's cache from the repository's own install.
  await run("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: workDir });
  docs = path.join(workDir, "docs");
  fs.cpSync(FIXTURE, docs, { recursive: true });
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe("a newcomer with the package installed from its tarball", () => {
  test("installs nothing that compiles, bundles or tests", () => {
    const installed = fs.readdirSync(path.join(workDir, "node_modules"));
    for (const tool of ["vite", "typescript", "esbuild", "rolldown", "vitest", "@playwright"]) expect(installed).not.toContain(tool);
  });

  test("carries the licence of every third-party package whose code it bundles, the browser's included", () => {
    const notices = fs.readFileSync(path.join(workDir, "node_modules/themed-guide/THIRD-PARTY-NOTICES.md"), "utf8");
    // React DOM in the browser's files, Mermaid in the diagrams' worker bundle, Lucide in the server's, the Markdown pipeline in the render worker's.
    for (const name of ["react-dom", "mermaid", "lucide", "@shikijs/core", "unified"]) expect(notices).toMatch(new RegExp(`^## ${name} \\d`, "m"));
    expect(notices).toContain("Permission is hereby granted");
  });

  test("--version prints the package's version, --help the commands", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
    expect(await npx("--version")).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect((await npx("--help")).stdout).toMatch(/^ {2}serve .*\n {2}build .*\n {2}check /m);
  });

  test("a folder that does not exist and an unknown option are one line and exit status 2", async () => {
    expect(await npx("serve", "nowhere")).toMatchObject({ code: 2, stderr: `themed-guide: no folder at ${path.join(workDir, "nowhere")}\n` });
    expect(await npx("check", "docs", "--jsn")).toMatchObject({ code: 2, stderr: "themed-guide: check: Unknown option '--jsn' (see check --help)\n" });
  });

  test("an --out that cannot be a folder (under a file) is one line and exit status 1, and nothing is written", async () => {
    fs.writeFileSync(path.join(workDir, "a-file"), "not a folder\n");
    const out = path.join(workDir, "a-file", "site");
    expect(await npx("build", "docs", "--out", out)).toMatchObject({ code: 1, stdout: "", stderr: `themed-guide: ENOTDIR: not a directory, lstat '${out}'\n` });
    expect(fs.readFileSync(path.join(workDir, "a-file"), "utf8")).toBe("not a folder\n");
  });

  test("check passes a sound folder, and fails one with a broken link, naming file and line, or with a file the site leaves out", async () => {
    expect(await npx("check", "docs")).toMatchObject({ code: 0, stdout: `No problems in ${docs}\n` });

    const broken = path.join(workDir, "broken");
    fs.cpSync(docs, broken, { recursive: true });
    fs.appendFileSync(path.join(broken, "index.md"), "\nSee [the old page](old-page.md).\n");
    const lines = fs.readFileSync(path.join(broken, "index.md"), "utf8").split("\n");
    const line = lines.findIndex((text) => text.includes("old-page.md")) + 1;
    const result = await npx("check", "broken");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`broken/index.md:${line}: link leads nowhere: old-page.md\n1 problem in ${broken}\n`);

    const json = await npx("check", "broken", "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ folder: broken, problems: [{ kind: "broken-link", file: "index.md", line, message: "link leads nowhere: old-page.md" }] });

    // A file the site leaves out is a problem too; a name with a line break is quoted, so it stays one line.
    const odd = path.join(workDir, "odd");
    fs.cpSync(docs, odd, { recursive: true });
    fs.writeFileSync(path.join(odd, "two\nlines.md"), "# Two lines\n");
    expect(await npx("check", "odd")).toMatchObject({
      code: 1,
      stdout: `"odd/two\\nlines.md": a name with a control character (a line break, a tab); skipped\n1 problem in ${odd}\n`,
    });
  });

  test("check at a MkDocs project's root checks the docs folder its mkdocs.yml names, and says so once", async () => {
    const project = path.join(workDir, "mkdocs-project");
    fs.cpSync(path.join(FIXTURE, ".."), project, { recursive: true, filter: (source) => !/[\\/](hostile|github|vitepress|docusaurus|starlight|mdbook)$|book\.toml$/.test(source) });
    fs.writeFileSync(path.join(project, "README.md"), "# The repository's own readme\n\n[Nowhere](nowhere.md)\n");
    const result = await run("npx", ["themed-guide", "check"], { cwd: project, encoding: "utf8" });
    expect(result.stdout).toBe(`No problems in ${path.join(project, "mkdocs")}\n`);
    expect(result.stderr).toBe(`themed-guide: ${project} is a project's root; its docs folder is ${path.join(project, "mkdocs")} (docs_dir in mkdocs.yml)\n`);
  });

  test("runs on Node 22, the oldest Node it supports", async () => {
    // Node 22 from the npm registry, as the repository gets its own Node 24.
    const node22 = path.join(workDir, "node-22");
    fs.mkdirSync(node22);
    await run("npm", ["install", "node@22", "--prefix", node22, "--no-audit", "--no-fund", "--no-save"], { cwd: workDir });
    const node = path.join(node22, "node_modules", ".bin", "node");
    expect((await run(node, ["--version"], { encoding: "utf8" })).stdout).toMatch(/^v22\./);
    const cli = path.join(workDir, "node_modules", "themed-guide", "dist", "cli.js");
    const { stdout } = await run(node, [cli, "check", "docs"], { cwd: workDir, encoding: "utf8" });
    expect(stdout).toBe(`No problems in ${docs}\n`);
  });

  test("build exports the folder as files a plain static file server serves, and replaces only its own files next time", async () => {
    const built = await npx("build", "docs", "--out", "site");
    expect(built).toMatchObject({ code: 0, stderr: "" });
    expect(built.stdout).toMatch(/^Exported [\d,]+ pages and [\d,]+ files to .*site in [\d.]+ s$/m);
    for (const file of ["index.html", "guide/index.html", "guide/installation/index.html", "guide/installation.data", "404.html", "guide/installation.md", "pagefind/pagefind.js"]) {
      expect(fs.existsSync(path.join(workDir, "site", file)), file).toBe(true);
    }

    // Served exactly as the README suggests, by a file server that knows nothing of the site.
    const port = await freePort();
    const server = spawn("npx", ["--yes", "sirv-cli", "site", "--port", String(port), "--host", "127.0.0.1"], { cwd: workDir, detached: true });
    try {
      await waitForAnswer(`http://127.0.0.1:${port}/guide/installation`);
      const page = await (await fetch(`http://127.0.0.1:${port}/guide/installation`)).text();
      expect(page).toContain("<title>Installation · Tidewater");
      const image = /src="(\/guide-files\/[^"?]+)/.exec(await (await fetch(`http://127.0.0.1:${port}/guide/installation`)).text())?.[1];
      expect(image).toBe("/guide-files/images/compass.svg");
      expect((await fetch(`http://127.0.0.1:${port}${image}`)).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }

    // A file of the user's beside the export survives the next one; a folder that is not an export is refused.
    fs.writeFileSync(path.join(workDir, "site", "CNAME"), "docs.example.com\n");
    expect(await npx("build", "docs", "--out", "site")).toMatchObject({ code: 0 });
    expect(fs.readFileSync(path.join(workDir, "site", "CNAME"), "utf8")).toBe("docs.example.com\n");
    fs.mkdirSync(path.join(workDir, "mine"));
    fs.writeFileSync(path.join(workDir, "mine", "notes.txt"), "keep\n");
    expect(await npx("build", "docs", "--out", "mine")).toMatchObject({ code: 2, stderr: `themed-guide: --out ${path.join(workDir, "mine")} is not empty and is not an earlier export: choose a new or empty folder\n` });
    expect(fs.readdirSync(path.join(workDir, "mine"))).toEqual(["notes.txt"]);
  });

  // A limit on the size of a file (`ulimit -f`, 1 MiB) fails a write as a full disk does, at the export's largest file
  // (Mermaid's layout engine, about 1.5 MB), late in the build: after the pages and the search index are written.
  test("build that cannot write a file is one line naming it and exit status 1, removes what it wrote, and leaves the earlier export as it was", async () => {
    const out = path.join(workDir, "site-full");
    expect(await npx("build", "docs", "--out", "site-full")).toMatchObject({ code: 0, stderr: "" });
    const earlier = fs.readdirSync(out, { recursive: true }).map(String).sort();
    const marker = fs.readFileSync(path.join(out, ".themed-guide-export.json"), "utf8");

    const failed = await run("bash", ["-c", "ulimit -f 1024 && exec npx themed-guide build docs --out site-full"], { cwd: workDir, encoding: "utf8" }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(new RegExp(`^themed-guide: EFBIG: file too large, write '${out}/\\.themed-guide-export-in-progress/assets/[\\w.-]+\\.js'; the [\\d,]+ files it had written were removed\\n$`));
    expect(fs.readdirSync(out, { recursive: true }).map(String).sort()).toEqual(earlier);
    expect(fs.readFileSync(path.join(out, ".themed-guide-export.json"), "utf8")).toBe(marker);

    expect(await npx("build", "docs", "--out", "site-full")).toMatchObject({ code: 0, stderr: "" });
  });

  test("build holds its own process to its share of --memory, as serve does: a V8 heap limit and two malloc arenas", async () => {
    // Loaded into every Node process the command runs: each notes how it was started.
    const probe = path.join(workDir, "probe.cjs");
    const notes = path.join(workDir, "started.jsonl");
    fs.writeFileSync(probe, `require("node:fs").appendFileSync(${JSON.stringify(notes)}, JSON.stringify({ argv: process.argv, execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX }) + "\\n");\n`);
    await run("npx", ["themed-guide", "build", "docs", "--out", "site-limited", "--memory", "800"], { cwd: workDir, env: { ...process.env, NODE_OPTIONS: `--require ${probe}` } });
    const started = fs.readFileSync(notes, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { argv: string[]; execArgv: string[]; arenas?: string });
    // The command as npx runs it (node_modules/.bin/themed-guide), not npx itself nor the render workers.
    const exporting = started.filter(({ argv }) => path.basename(argv[1] ?? "") === "themed-guide");
    // Started by npx without them, then again in place with them, and it is the second that exports.
    expect(exporting.map(({ execArgv, arenas }) => ({ heapLimit: execArgv.find((flag) => flag.startsWith("--max-old-space-size")) ?? null, arenas: arenas ?? null }))).toEqual([
      { heapLimit: null, arenas: null },
      { heapLimit: "--max-old-space-size=640", arenas: "2" },
    ]);
    expect(fs.existsSync(path.join(workDir, "site-limited", "guide", "index.html"))).toBe(true);
  });

  test("build has ended its render workers when it starts the search index, on a folder with a page of its own at its root too, so that Pagefind has their share of --memory", async () => {
    const probe = path.join(workDir, "probe-index.cjs");
    const notes = path.join(workDir, "index-started.jsonl");
    // In the command's main thread: as Pagefind's process is started, how many of its threads are render workers (Node names each "WorkerThread").
    fs.writeFileSync(
      probe,
      `const fs = require("node:fs");
const childProcess = require("node:child_process");
const workerThreads = () => fs.readdirSync("/proc/self/task").filter((task) => { try { return fs.readFileSync("/proc/self/task/" + task + "/comm", "utf8").trim() === "WorkerThread"; } catch { return false; } }).length;
if (require("node:worker_threads").isMainThread) {
  const spawn = childProcess.spawn;
  childProcess.spawn = function (file, ...rest) {
    if (/pagefind/.test(String(file))) fs.appendFileSync(${JSON.stringify(notes)}, JSON.stringify({ renderWorkers: workerThreads() }) + "\\n");
    return spawn.call(this, file, ...rest);
  };
}
`,
    );
    expect(fs.existsSync(path.join(docs, "index.md"))).toBe(true);
    // A cache folder of its own: every page is rendered, not read back from an earlier build's.
    const cacheDir = path.join(workDir, "index-order-cache");
    await run("npx", ["themed-guide", "build", "docs", "--out", "site-index-order", "--cache-dir", cacheDir], { cwd: workDir, env: { ...process.env, NODE_OPTIONS: `--require ${probe}` } });
    const started = fs.readFileSync(notes, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { renderWorkers: number });
    expect(started).toEqual([{ renderWorkers: 0 }]);
  });

  test("check, as build, neither reads nor refuses a server's PORT, and gives each render worker its share of --memory", async () => {
    const probe = path.join(workDir, "probe-check.cjs");
    const notes = path.join(workDir, "check-started.jsonl");
    // Loaded into every Node process and thread the command runs: each render worker, a thread, notes its heap limit.
    const heapLimitNote = `{ thread: !require("node:worker_threads").isMainThread, heapLimitMB: require("node:v8").getHeapStatistics().heap_size_limit / 1048576 }`;
    fs.writeFileSync(probe, `require("node:fs").appendFileSync(${JSON.stringify(notes)}, JSON.stringify(${heapLimitNote}) + "\\n");\n`);
    const env = { ...process.env, NODE_OPTIONS: `--require ${probe}`, PORT: "http", TRUST_PROXY: "maybe" };
    const cacheDir = path.join(workDir, "check-memory-cache");
    await run("npx", ["themed-guide", "check", "docs", "--memory", "1000", "--cache-dir", cacheDir], { cwd: workDir, env });
    const started = fs.readFileSync(notes, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { thread: boolean; heapLimitMB: number });
    const workers = started.filter(({ thread }) => thread);
    expect(workers.length).toBeGreaterThan(0);
    // 30% of the budget each (server/memory-budget.ts), where the server's default of 512 MB gave 154: the old
    // generation's 300 MB, and the young generation's 8 MB pages beside it.
    for (const { heapLimitMB } of workers) expect(heapLimitMB).toBeGreaterThanOrEqual(300);
    for (const { heapLimitMB } of workers) expect(heapLimitMB).toBeLessThanOrEqual(300 + 32);
  });

  test("serve answers with the folder's pages, and stops on SIGTERM", async () => {
    const port = await freePort();
    const server = spawn("npx", ["themed-guide", "serve", "docs", "--port", String(port), "--host", "127.0.0.1"], { cwd: workDir, detached: true });
    try {
      await listening(server);
      const landing = await fetch(`http://127.0.0.1:${port}/guide`);
      expect(landing.status).toBe(200);
      expect(await landing.text()).toContain("<title>Tidewater");
      const asset = /href="(\/assets\/[^"]+\.css)"/.exec(await (await fetch(`http://127.0.0.1:${port}/guide`)).text())?.[1];
      expect((await fetch(`http://127.0.0.1:${port}${asset}`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/guide/no-such-page`)).status).toBe(404);
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
  });

  test("check renders into the cache folder serve reads: a server started on the folder after a check renders no page, and finds the search index with every page's description", async () => {
    const cache = path.join(workDir, "shared-cache");
    expect(await npx("check", "docs", "--cache-dir", cache)).toMatchObject({ code: 0 });
    // The search index a server reads at start, complete, every page described (app/guide/search/search-store.server.ts).
    const indexFile = (fs.readdirSync(cache, { recursive: true }) as string[]).find((name) => path.basename(name) === "search.sqlite");
    expect(indexFile).toBeDefined();
    const index = new DatabaseSync(path.join(cache, indexFile!), { readOnly: true });
    try {
      const state = Object.fromEntries((index.prepare("SELECT name, value FROM store_state").all() as Array<{ name: string; value: string }>).map(({ name, value }) => [name, value]));
      expect(state.complete).toBe("yes");
      expect(state.described).toBeTruthy();
      const pages = index.prepare("SELECT path, description FROM pages").all() as Array<{ path: string; description: string }>;
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.filter((page) => page.description === "")).toEqual([]);
    } finally {
      index.close();
    }
    const port = await freePort();
    const server = spawn("npx", ["themed-guide", "serve", "docs", "--port", String(port), "--host", "127.0.0.1", "--cache-dir", cache], { cwd: workDir, detached: true });
    try {
      const ready = await printed(server, /ready in .*\n/);
      expect(ready).toMatch(/ready in [\d.]+ s \(0 rendered, [1-9]\d* from the page cache\)/);
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
  });

  test("serve on a port in use is one line and exit status 1; a --trust-proxy Express cannot read, one line and exit status 2", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      expect(await npx("serve", "docs", "--port", String(port), "--host", "127.0.0.1")).toMatchObject({
        code: 1,
        stderr: `Cannot listen on 127.0.0.1, port ${port}: the port is in use\n`,
      });
    } finally {
      taken.close();
    }
    expect(await npx("serve", "docs", "--trust-proxy", "10.0.0.0/33")).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^themed-guide: --trust-proxy must be true, false, a number of proxies, .* \(got "10\.0\.0\.0\/33"\)\n$/),
    });
  });

  test("dev starts again in place as serve does: a V8 heap limit, two malloc arenas, and regular expressions compiled once for its render worker", async () => {
    const probe = path.join(workDir, "probe-dev.cjs");
    const notes = path.join(workDir, "dev-started.jsonl");
    fs.writeFileSync(probe, `require("node:fs").appendFileSync(${JSON.stringify(notes)}, JSON.stringify({ argv: process.argv, execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX, main: require("node:worker_threads").isMainThread }) + "\\n");\n`);
    const port = await freePort();
    const server = spawn("npx", ["themed-guide", "dev", "docs", "--port", String(port)], { cwd: workDir, detached: true, env: { ...process.env, NODE_OPTIONS: `--require ${probe}` } });
    try {
      await listening(server);
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
    const started = fs.readFileSync(notes, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { argv: string[]; execArgv: string[]; arenas?: string; main: boolean });
    const serving = started.filter(({ argv, main }) => main && path.basename(argv[1] ?? "") === "themed-guide");
    expect(serving.map(({ execArgv, arenas }) => ({ heapLimit: execArgv.find((flag) => flag.startsWith("--max-old-space-size")) ?? null, compiledOnce: execArgv.includes("--no-regexp-tier-up"), arenas: arenas ?? null }))).toEqual([
      { heapLimit: null, compiledOnce: false, arenas: null },
      { heapLimit: "--max-old-space-size=640", compiledOnce: true, arenas: "2" },
    ]);
  });

  test("dev serves the folder on this machine only, shows an edit on the next request, tells open pages by events, and stops on SIGTERM", async () => {
    const port = await freePort();
    const server = spawn("npx", ["themed-guide", "dev", "docs", "--port", String(port)], { cwd: workDir, detached: true });
    const events = new AbortController();
    try {
      expect(await listening(server)).toContain(`Listening on http://127.0.0.1:${port}`);
      const page = `http://127.0.0.1:${port}/guide/installation`;
      expect((await fetch(page)).status).toBe(200);
      const stream = await fetch(`http://127.0.0.1:${port}/__live-reload`, { signal: events.signal });
      expect(stream.headers.get("content-type")).toBe("text/event-stream");
      const received = readEvents(stream);

      const file = path.join(workDir, "docs", "installation.md");
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^# .*$/m, "# Installing, edited"));
      expect(await received.next("guide:content-updated")).toBeTruthy();
      expect(await (await fetch(page)).text()).toContain("Installing, edited");
    } finally {
      events.abort();
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
  });
});

/** The named events of a server-sent event stream, as they arrive. */
function readEvents(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    async next(name: string): Promise<string> {
      for (;;) {
        const match = new RegExp(`event: ${name}\ndata: ([^\n]*)`).exec(buffer);
        if (match) return match[1]!;
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${name}`);
        buffer += value;
      }
    },
  };
}

/** Resolves with what the server printed up to its "Listening on" line. */
function listening(server: ChildProcess): Promise<string> {
  return printed(server, /Listening on/);
}

/** Resolves with what the server printed once it matches `pattern`. */
function printed(server: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk;
      if (pattern.test(output)) resolve(output);
    };
    server.stdout!.on("data", read);
    server.stderr!.on("data", read);
    server.once("exit", (code) => reject(new Error(`serve exited with ${code} before printing ${pattern}:\n${output}`)));
  });
}

async function waitForAnswer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answered ${url}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
