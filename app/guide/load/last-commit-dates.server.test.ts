import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readLastCommitDates } from "./last-commit-dates.server";

let repo: string;

function git(args: string[], date?: string) {
  const dates = date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {};
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgSign=false", ...args], {
    cwd: repo,
    env: { ...process.env, ...dates },
    stdio: "ignore",
  });
}

async function write(file: string, text: string) {
  await fs.mkdir(path.dirname(path.join(repo, file)), { recursive: true });
  await fs.writeFile(path.join(repo, file), text);
}

async function commit(date: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) await write(file, text);
  git(["add", "-A"]);
  git(["commit", "-q", "-m", `at ${date}`], date);
}

beforeEach(async () => {
  repo = await fs.mkdtemp(path.join(os.tmpdir(), "last-commit-"));
  git(["init", "-q"]);
});
afterEach(async () => {
  await fs.rm(repo, { recursive: true, force: true });
});

describe("when each file was last changed, from git", () => {
  it("gives each file the date of the newest commit that touched it, in one pass over the history", async () => {
    await commit("2024-01-10T12:00:00Z", { "docs/a.md": "a", "docs/b.md": "b" });
    await commit("2024-03-05T08:30:00Z", { "docs/b.md": "b, again" });
    const dates = await readLastCommitDates(repo, new Set(["docs/a.md", "docs/b.md"]));
    expect(dates).toEqual(
      new Map([
        ["docs/a.md", Date.parse("2024-01-10T12:00:00Z")],
        ["docs/b.md", Date.parse("2024-03-05T08:30:00Z")],
      ]),
    );
  });

  it("names files relative to a docs folder inside the repository, and leaves out what is outside it", async () => {
    await commit("2024-02-01T00:00:00Z", { "docs/guide/setup.md": "s", "README.md": "r", "docs/with space é.md": "x" });
    const dates = await readLastCommitDates(path.join(repo, "docs"), new Set(["guide/setup.md", "with space é.md", "../README.md", "README.md"]));
    expect([...dates.keys()].sort()).toEqual(["guide/setup.md", "with space é.md"]);
  });

  it("gives no date to a file never committed, and none at all outside a repository", async () => {
    await commit("2024-02-01T00:00:00Z", { "a.md": "a" });
    await write("new.md", "not yet committed");
    expect([...(await readLastCommitDates(repo, new Set(["a.md", "new.md"]))).keys()]).toEqual(["a.md"]);

    const outside = await fs.mkdtemp(path.join(os.tmpdir(), "no-repo-"));
    try {
      await fs.writeFile(path.join(outside, "a.md"), "a");
      expect((await readLastCommitDates(outside, new Set(["a.md"]))).size).toBe(0);
    } finally {
      await fs.rm(outside, { recursive: true, force: true });
    }
  });

  it("walks the history once for the same folder at the same commit (an edit changes no commit); a new commit, or a file not asked for before, walks it again", async () => {
    await commit("2024-01-10T12:00:00Z", { "a.md": "a", "b.md": "b" });
    const first = await readLastCommitDates(repo, new Set(["a.md", "b.md"]));
    expect(first.size).toBe(2);
    // Without its objects the history can no longer be walked, but HEAD still names the same commit.
    const objects = path.join(repo, ".git", "objects");
    await fs.rename(objects, `${objects}-aside`);
    await fs.mkdir(objects);
    expect(await readLastCommitDates(repo, new Set(["a.md"]))).toEqual(new Map([["a.md", first.get("a.md")]]));
    // A file the last walk did not look for is looked for: here, in a history that cannot be read.
    expect((await readLastCommitDates(repo, new Set(["a.md", "c.md"]))).size).toBe(0);
    await fs.rm(objects, { recursive: true });
    await fs.rename(`${objects}-aside`, objects);

    await commit("2024-03-05T08:30:00Z", { "a.md": "a, again" });
    expect((await readLastCommitDates(repo, new Set(["a.md", "b.md"]))).get("a.md")).toBe(Date.parse("2024-03-05T08:30:00Z"));
  });

  it("runs nothing a hostile repository's config names: the program to check a signed commit is never started", async () => {
    await commit("2024-02-01T00:00:00Z", { "a.md": "a" });
    // A commit that says it is signed, so a signature check would start gpg.program.
    const tree = execFileSync("git", ["rev-parse", "HEAD^{tree}"], { cwd: repo, encoding: "utf8" }).trim();
    const signed = [
      `tree ${tree}`,
      "author Test <test@example.org> 1706745600 +0000",
      "committer Test <test@example.org> 1706745600 +0000",
      "gpgsig -----BEGIN PGP SIGNATURE-----",
      " ",
      " iQEzBAABCAAdFiEE",
      " -----END PGP SIGNATURE-----",
      "",
      "signed",
      "",
    ].join("\n");
    await fs.writeFile(path.join(repo, "commit.txt"), signed);
    const id = execFileSync("git", ["hash-object", "-t", "commit", "-w", "commit.txt"], { cwd: repo, encoding: "utf8" }).trim();
    git(["update-ref", "HEAD", id]);
    const marker = path.join(repo, "ran");
    await fs.writeFile(path.join(repo, "fake-gpg.sh"), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    git(["config", "log.showSignature", "true"]);
    git(["config", "gpg.program", path.join(repo, "fake-gpg.sh")]);
    expect((await readLastCommitDates(repo, new Set(["a.md"]))).size).toBe(1);
    await expect(fs.access(marker)).rejects.toThrow();
  });
});
