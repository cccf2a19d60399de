import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../scripts/start-server";
import { expect, test } from "./fixtures";
import { rawGet } from "./support/raw-request";

/**
 * The development server (`themed-guide dev`: server/serve.ts with the
 * folder watched) answers only requests addressed to this machine by a
 * name no other site can point at it, so a page its user visits cannot read
 * the unpublished folder by DNS rebinding. The production server answers
 * any host its proxy sends.
 */

const SERVE = new URL("../../server/serve.ts", import.meta.url).href;
let child: ChildProcess;
let origin = "";
let output = "";

// One development server for the file's tests, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // What `themed-guide dev` runs (packages/cli/src/dev-command.ts), without the heap limit's restart and the render worker.
  const script = `const { serve } = await import(${JSON.stringify(SERVE)}); await serve({ renderWorker: null, liveReload: true });`;
  child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 30_000;
  while (!(await fetch(`${origin}/healthz`).then((response) => response.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the development server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.afterAll(() => {
  child?.kill("SIGTERM");
});

test("the development server refuses a request addressed to another host name, as a DNS-rebinding page's is, with a 403 saying which hosts it answers", async () => {
  const port = new URL(origin).port;
  for (const host of [`attacker.example:${port}`, `localhost.attacker.example:${port}`, "127.0.0.1.nip.io"]) {
    for (const path of ["/llms-full.txt", "/guide/themes.md", "/guide/themes", "/"]) {
      const answer = await rawGet(origin, path, { Host: host });
      expect(answer.status, `${path} with Host ${host}`).toBe(403);
      expect(answer.body).toBe("403 Forbidden: the development server answers only requests addressed to localhost, *.localhost or an IP address");
    }
  }
});

test("the development server answers localhost, a name under .localhost and IP addresses", async () => {
  const port = new URL(origin).port;
  for (const host of [`localhost:${port}`, `docs.localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
    const answer = await rawGet(origin, "/guide/themes.md", { Host: host });
    expect(answer.status, host).toBe(200);
    expect(answer.body, host).toMatch(/^# /m);
  }
});

test("the production server still answers a request addressed to any host name", async ({ baseURL }) => {
  const answer = await rawGet(baseURL!, "/guide/themes.md", { Host: "docs.example.com" });
  expect(answer.status).toBe(200);
});
