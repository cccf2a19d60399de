import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { test, type Page } from "../fixtures";
import { FIXTURES_DIR, type DocsFolder } from "./docs-server";
import { startPagesHost } from "./pages-host";

/**
 * A docs folder of tests/fixtures/docs exported with `themed-guide build`
 * (the package's bundled command, which `npm run test:cli` makes) and served
 * by a plain static file server, not by this site's server: one per
 * Playwright worker, with `baseURL` pointing at it. At the host's root the
 * server is sirv; with `basePath` the export is built with `--base` and
 * served there by a host that redirects like GitHub Pages (pages-host.ts),
 * and `baseURL` ends with the base and a "/", so that tests name pages
 * relative to it ("guide/x"). `buildOptions` are added to the command.
 * With `prepare`, a copy of the folder is exported, after `prepare` has
 * changed it (links out of it, say, which git does not hold).
 */

const CLI = fileURLToPath(new URL("../../../packages/cli/dist/cli.js", import.meta.url));
const STATIC_SERVER = fileURLToPath(new URL("../../../node_modules/sirv-cli/bin.js", import.meta.url));
const START_TIMEOUT_MS = 60_000;

/** `warnings`: what `build` wrote to its standard error. */
export type StaticExport = { url: string; out: string; warnings: string };

type ExportOptions = { port: number; basePath?: string; buildOptions?: string[]; prepare?: (docsFolder: string) => Promise<void> };

export function testExport(folder: DocsFolder, { port, basePath, buildOptions = [], prepare }: ExportOptions) {
  return test.extend<{}, { exported: StaticExport }>({
    exported: [
      async ({}, use, workerInfo) => {
        if (!fs.existsSync(CLI)) throw new Error(`No ${CLI}: run \`npm run build -w themed-guide\` (npm test runs it) first`);
        const workerPort = port + (workerInfo.parallelIndex % 2);
        const origin = `http://127.0.0.1:${workerPort}`;
        const temporary = fs.mkdtempSync(path.join(os.tmpdir(), `export-${folder}-`));
        const out = path.join(temporary, "site");
        let docs = path.join(FIXTURES_DIR, folder);
        if (prepare) {
          docs = path.join(temporary, folder);
          fs.cpSync(path.join(FIXTURES_DIR, folder), docs, { recursive: true, verbatimSymlinks: true });
          await prepare(docs);
        }
        const base = basePath ? ["--base", `${basePath}/`] : [];
        const { stderr: warnings } = await promisify(execFile)(process.execPath, [CLI, "build", docs, "--out", out, "--site-url", origin, ...base, ...buildOptions]);
        const host = basePath ? await startPagesHost(out, basePath, workerPort) : await startSirv(out, workerPort);
        await use({ url: host.url, out, warnings });
        await host.close();
        fs.rmSync(temporary, { recursive: true, force: true });
      },
      { scope: "worker", timeout: START_TIMEOUT_MS + 15_000 },
    ],
    baseURL: async ({ exported }, use) => use(exported.url),
  });
}

/** sirv, in a process of its own, serving `out` at the host's root. */
async function startSirv(out: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [STATIC_SERVER, out, "--host", "127.0.0.1", "--port", String(port)], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  await waitFor(url, server);
  return {
    url,
    close: () => {
      server.kill("SIGTERM");
      return exited;
    },
  };
}

async function waitFor(url: string, server: ReturnType<typeof spawn>) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The static file server for ${url} exited`);
    const ok = await fetch(`${url}/index.html`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The static file server did not answer ${url} in time`);
}

/** Marks the page's document, so that a test can tell a navigation kept it (client-side) from a page load. */
export const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
/** Whether the document marked by markDocument is still the one shown. */
export const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
