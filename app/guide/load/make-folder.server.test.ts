import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeFolder, makeFolderSync } from "./make-folder.server";

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "make-folder-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const MODULE = fileURLToPath(new URL("./make-folder.server.ts", import.meta.url));
// Where the system says a folder that exists is missing: Node's own recursive mkdir never returns there.
const underProc = fs.existsSync("/proc/self") ? "/proc/themed-guide-no-such-folder/pages" : null;

describe("making a folder and its missing parents", () => {
  test("every missing level is made, and a folder that exists is left as it is", async () => {
    makeFolderSync(path.join(root, "a", "b", "c"));
    await makeFolder(path.join(root, "x", "y"));
    await makeFolder(path.join(root, "a", "b"));
    expect(fs.statSync(path.join(root, "a", "b", "c")).isDirectory()).toBe(true);
    expect(fs.statSync(path.join(root, "x", "y")).isDirectory()).toBe(true);
  });

  test("two at once on the same folder both succeed", async () => {
    const folder = path.join(root, "shared", "ab");
    await Promise.all([makeFolder(folder), makeFolder(folder)]);
    expect(fs.statSync(folder).isDirectory()).toBe(true);
  });

  test("a folder under a file throws the system's error", async () => {
    fs.writeFileSync(path.join(root, "file"), "");
    expect(() => makeFolderSync(path.join(root, "file", "inside"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
    await expect(makeFolder(path.join(root, "file", "inside"))).rejects.toMatchObject({ code: "ENOTDIR" });
  });

  // In a child process with a time limit: a hang in a synchronous call would stop the test run itself, not fail a test.
  test.runIf(underProc !== null)("a folder the system cannot make throws at once rather than hanging (/proc)", () => {
    const run = (call: string) =>
      spawnSync(process.execPath, ["--input-type=module", "-e", `import { makeFolder, makeFolderSync } from ${JSON.stringify(MODULE)};\ntry { ${call}; console.log("made"); } catch (error) { console.log(error.code); }`], {
        encoding: "utf8",
        timeout: 20_000,
      });
    for (const call of [`makeFolderSync(${JSON.stringify(underProc)})`, `await makeFolder(${JSON.stringify(underProc)})`]) {
      const { stdout, stderr, signal } = run(call);
      expect({ call, signal, stdout: stdout.trim(), stderr }).toEqual({ call, signal: null, stdout: "ENOENT", stderr: "" });
    }
  });
});
