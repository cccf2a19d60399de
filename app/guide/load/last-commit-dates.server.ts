import { spawn } from "node:child_process";

/**
 * When each file of the folder was last changed, as git knows it: the
 * author date of the newest commit that touched it. One `git log` for the
 * whole folder, read as it streams (newest commit first), not one per file:
 * a file's first appearance is its date, and reading stops once every file
 * asked about has one, or after `timeLimitMs` (files not reached by then
 * have none). A folder outside any repository, or a machine without git,
 * gives an empty map.
 *
 * The folder may be someone else's repository: its config is not trusted
 * with anything that runs a program (a signature check would run
 * `gpg.program`; the pager and fsmonitor are turned off too).
 */
export async function readLastCommitDates(
  root: string,
  wanted: ReadonlySet<string>,
  { timeLimitMs = 10_000 }: { timeLimitMs?: number } = {},
): Promise<Map<string, number>> {
  const dates = new Map<string, number>();
  if (wanted.size === 0) return dates;
  const args = [
    ...["-c", "log.showSignature=false", "-c", "core.fsmonitor=false", "--no-pager", "-C", root],
    // -z: names as they are, unquoted; %x01 marks each commit's date; --relative: names relative to the folder, and only its files.
    ...["log", "-z", "--name-only", "--no-renames", "--relative", "--format=%x01%at", "--", "."],
  ];
  const git = spawn("git", args, {
    stdio: ["ignore", "pipe", "ignore"],
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
  });
  const timer = setTimeout(() => git.kill(), timeLimitMs);

  let rest = "";
  let date: number | null = null;
  const read = (field: string) => {
    if (field.startsWith("\x01")) {
      date = Number(field.slice(1)) * 1000;
      return;
    }
    // After a commit's date comes a newline, then its files.
    const name = field.startsWith("\n") ? field.slice(1) : field;
    if (date !== null && wanted.has(name) && !dates.has(name)) dates.set(name, date);
  };

  git.stdout.setEncoding("utf8");
  await new Promise<void>((resolve) => {
    git.stdout.on("data", (chunk: string) => {
      const fields = (rest + chunk).split("\0");
      rest = fields.pop()!;
      fields.forEach(read);
      if (dates.size === wanted.size) git.kill();
    });
    git.on("error", () => resolve()); // no git on this machine
    git.on("close", () => resolve());
  });
  clearTimeout(timer);
  return dates;
}
