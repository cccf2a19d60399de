import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "../fixtures";

/**
 * The production server on a docs folder of tests/fixtures/docs, one per
 * Playwright worker, with `baseURL` pointing at it: a spec written with
 * `testDocs("mkdocs")` sees that folder as the site's guide.
 *
 * It runs `server/index.ts` on the Node that runs the tests (Node 24 when
 * started through npx or npm, as every test is) on the existing build, so
 * run `npm run build` first.
 */

// "starlight" is last and has no ports of its own: its spec names one (docs-components.spec.ts: 3310).
const FOLDERS = ["vitepress", "docusaurus", "mkdocs", "mdbook", "github", "hostile", "starlight"] as const;
export type DocsFolder = (typeof FOLDERS)[number];

export const FIXTURES_DIR = fileURLToPath(new URL("../../fixtures/docs/", import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL("../../../server/index.ts", import.meta.url));
// 3270 and 3271 are the suite's own production and development servers;
// each folder gets two ports from 3272 on, one per worker; from 3284 on,
// ports are given to specs by name (docs-files.spec.ts: 3284, docs-large-nav: 3285,
// docs-render-time-limit: 3286, machine-readable: 3287, docs-descriptions: 3288, docs-page-list-parts: 3290, docs-scale: 3320 and 3321).
const FIRST_PORT = 3272;
const START_TIMEOUT_MS = 45_000;

export type DocsServer = {
  url: string;
  /** The folder served: the fixture itself, or a prepared copy of it. */
  contentDir: string;
  output: () => string;
};

type Options = {
  /** Changes a copy of the folder before the server reads it (links, generated files). */
  prepare?: (contentDir: string) => Promise<void>;
  /**
   * A port of the spec's own, for a second spec on a folder that has a spec
   * already; the spec then runs its tests one after another (one server).
   */
  port?: number;
};

export function testDocs(folder: DocsFolder, { prepare, port: ownPort }: Options = {}) {
  return test.extend<{}, { docs: DocsServer }>({
    docs: [
      async ({}, use, workerInfo) => {
        let contentDir = path.join(FIXTURES_DIR, folder);
        let copy: string | null = null;
        if (prepare) {
          copy = await fs.mkdtemp(path.join(os.tmpdir(), `docs-${folder}-`));
          contentDir = path.join(copy, folder);
          await fs.cp(path.join(FIXTURES_DIR, folder), contentDir, { recursive: true, verbatimSymlinks: true });
          await prepare(contentDir);
        }
        const port = ownPort ?? FIRST_PORT + FOLDERS.indexOf(folder) * 2 + (workerInfo.parallelIndex % 2);
        const server = await startServer(contentDir, port);
        await use({ url: server.url, contentDir, output: server.output });
        await server.stop();
        if (copy) await fs.rm(copy, { recursive: true, force: true });
      },
      { scope: "worker", timeout: START_TIMEOUT_MS + 15_000 },
    ],
    baseURL: async ({ docs }, use) => use(docs.url),
  });
}

/** The production server on `contentDir`, listening on `port`; `env`: more of its settings (MEMORY_BUDGET_MB, CACHE_DIR). */
export async function startServer(contentDir: string, port: number, env: Record<string, string> = {}) {
  // The flags of `npm run serve` (package.json).
  const child = spawn(process.execPath, ["--max-semi-space-size=8", "--enable-source-maps", SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: "production", CONTENT_DIR: contentDir, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server for ${contentDir} exited at start:\n${output}`);
    // "Listening": a server left on this port by another run must not pass for this one.
    const ok =
      output.includes("Listening on") &&
      (await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      ));
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`The server for ${contentDir} did not answer ${url}/healthz in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    /** The server's process id: the same after it has started itself again with its heap limit (server/heap-limit.ts). */
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
