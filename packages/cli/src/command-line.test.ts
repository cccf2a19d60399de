import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { readCommandLine, UsageError } from "./command-line.ts";

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "command-line-"));
fs.mkdirSync(path.join(cwd, "docs"));
fs.writeFileSync(path.join(cwd, "notes.md"), "# A file, not a folder\n");
afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }));

const read = (...args: string[]) => readCommandLine(args, cwd);
const usageError = (...args: string[]) => {
  try {
    read(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${args.join(" ")}`);
};

describe("the command line", () => {
  test("no command, help and -h print the general help, naming every command", () => {
    for (const args of [[], ["help"], ["--help"], ["-h"]]) {
      const invocation = read(...args);
      expect(invocation.command).toBe("help");
      const text = (invocation as { text: string }).text;
      expect(text).toMatch(/^Usage: themed-guide <command>/);
      expect(text).toMatch(/^ {2}serve /m);
      expect(text).toMatch(/^ {2}check /m);
      expect(text).toMatch(/^ {2}build /m);
      expect(text).toMatch(/^ {2}dev /m);
    }
  });

  test("--version and -v ask for the version", () => {
    expect(read("--version")).toEqual({ command: "version" });
    expect(read("-v")).toEqual({ command: "version" });
  });

  test("each command's --help prints its own usage and options, whatever else is on the line", () => {
    const serve = read("serve", "--help", "--port", "nonsense");
    expect(serve.command).toBe("help");
    expect((serve as { text: string }).text).toMatch(/^Usage: themed-guide serve \[folder\]/);
    expect((serve as { text: string }).text).toContain("--trust-proxy");
    expect((read("check", "-h") as { text: string }).text).toContain("--json");
  });

  test("the folder is resolved against where the command runs, and defaults to it", () => {
    expect(read("serve", "docs")).toMatchObject({ command: "serve", folder: path.join(cwd, "docs") });
    expect(read("check")).toMatchObject({ command: "check", folder: cwd });
    expect(read("check", "--json", "./docs")).toMatchObject({ folder: path.join(cwd, "docs"), options: { json: true } });
  });

  test("options are read in both spellings", () => {
    expect(read("serve", "docs", "-p", "8080", "--host=127.0.0.1", "--site-name", "My docs")).toMatchObject({ options: {
      port: "8080",
      host: "127.0.0.1",
      "site-name": "My docs",
    } });
  });

  test("an unknown command, an unknown option or a second folder is a one-line usage error", () => {
    expect(usageError("srve")).toBe('unknown command "srve": the commands are dev, serve, build, check (see --help)');
    expect(usageError("serve", "--prot", "80")).toMatch(/^serve: Unknown option '--prot' \(see serve --help\)$/);
    expect(usageError("check", "--port", "80")).toMatch(/^check: Unknown option '--port'/);
    expect(usageError("serve", "--port")).toMatch(/^serve: Option '-p, --port <value>' argument missing/);
    expect(usageError("check", "docs", "more")).toBe("check takes one folder, got 2: docs more");
    for (const message of [usageError("srve"), usageError("serve", "--prot", "80")]) expect(message).not.toContain("\n");
  });

  test("dev reads the server's options but --trust-proxy, and says it listens on this machine only unless told", () => {
    expect(read("dev", "docs", "-p", "4000", "--site-name", "Drafts")).toMatchObject({
      command: "dev",
      folder: path.join(cwd, "docs"),
      options: { port: "4000", "site-name": "Drafts" },
    });
    expect(usageError("dev", "--trust-proxy", "1")).toMatch(/^dev: Unknown option '--trust-proxy'/);
    expect((read("dev", "--help") as { text: string }).text).toContain("default 127.0.0.1: this machine only");
  });

  test("build needs --out, refuses an empty one, and reads its other options", () => {
    expect(usageError("build", "docs")).toBe("build: --out is required (see build --help)");
    expect(usageError("build", "docs", "--out", "")).toBe("build: --out needs a value, and got an empty one");
    expect(usageError("build", "docs", "--out=")).toBe("build: --out needs a value, and got an empty one");
    expect(read("build", "docs", "-o", "site", "--site-url", "https://docs.example.com")).toMatchObject({
      command: "build",
      folder: path.join(cwd, "docs"),
      options: { out: "site", "site-url": "https://docs.example.com" },
    });
    expect((read("build", "--help") as { text: string }).text).toContain("--out <dir>");
    expect(read("build", "docs", "-o", "site", "--base", "/my-repo/")).toMatchObject({ options: { base: "/my-repo/" } });
  });

  test("an empty or blank value of any option is a one-line usage error, never the option's default", () => {
    expect(usageError("check", "docs", "--cache-dir", "")).toBe("check: --cache-dir needs a value, and got an empty one");
    expect(usageError("serve", "docs", "--cache-dir=")).toBe("serve: --cache-dir needs a value, and got an empty one");
    expect(usageError("build", "docs", "-o", "site", "--cache-dir", "  ")).toBe("build: --cache-dir needs a value, and got only spaces");
    expect(usageError("dev", "docs", "--host", "")).toBe("dev: --host needs a value, and got an empty one");
    const optionsOf = { dev: ["site-name", "edit-url", "site-url", "port"], serve: ["trust-proxy", "memory"], build: ["base", "search-part-pages"] };
    for (const [command, names] of Object.entries(optionsOf)) {
      const rest = command === "build" ? ["--out", "site"] : [];
      for (const name of names) expect(usageError(command, "docs", ...rest, `--${name}=`)).toBe(`${command}: --${name} needs a value, and got an empty one`);
    }
  });

  test("a folder that does not exist, or a file, is a usage error naming it", () => {
    expect(usageError("serve", "missing")).toBe(`no folder at ${path.join(cwd, "missing")}`);
    expect(usageError("check", "notes.md")).toBe(`no folder at ${path.join(cwd, "notes.md")}`);
  });

  test("a docs tool's project root given, or the current folder being one, means the docs folder its project file names", () => {
    const project = path.join(cwd, "project");
    fs.mkdirSync(path.join(project, "manual"), { recursive: true });
    fs.writeFileSync(path.join(project, "mkdocs.yml"), "site_name: Manual\ndocs_dir: manual\n");
    const named = { folder: path.join(project, "manual"), project: { root: project, folder: path.join(project, "manual"), namedBy: "docs_dir in mkdocs.yml" } };
    expect(read("serve", "project")).toMatchObject({ command: "serve", ...named });
    expect(readCommandLine(["build", "--out", "site"], project)).toMatchObject({ command: "build", ...named });
    // The docs folder itself, given, is taken as it is.
    expect(read("dev", "project/manual")).toMatchObject({ folder: path.join(project, "manual"), project: null });
  });
});
