import fs from "node:fs/promises";
import path from "node:path";

/** What no reader of the hostile fixture may ever see, on the server or in an export. */
export const SECRET = "do-not-serve-me";

/**
 * What git cannot or should not hold, added to a copy of the hostile
 * fixture (tests/fixtures/docs/hostile): links out of the folder to secrets
 * in a folder beside it (removed with the copy), a .git folder, a
 * node_modules folder, links inside the folder to both, a huge single line.
 */
export async function addWhatGitCannotHold(contentDir: string): Promise<void> {
  const outside = path.join(path.dirname(contentDir), "outside-docs");
  await fs.mkdir(outside);
  await fs.writeFile(path.join(outside, "secret.txt"), SECRET);
  await fs.writeFile(path.join(outside, "secret.md"), `# Secret page\n\n${SECRET}\n`);
  await fs.symlink(path.join(outside, "secret.txt"), path.join(contentDir, "leak.txt"));
  await fs.symlink(path.join(outside, "secret.md"), path.join(contentDir, "leak.md"));
  await fs.symlink(outside, path.join(contentDir, "escape"));
  await fs.mkdir(path.join(contentDir, ".git"));
  await fs.writeFile(path.join(contentDir, ".git", "config"), `[remote "origin"]\n\turl = https://user:${SECRET}@example.org/repo.git\n`);
  await fs.mkdir(path.join(contentDir, "node_modules", "pkg"), { recursive: true });
  await fs.writeFile(path.join(contentDir, "node_modules", "pkg", "readme.txt"), SECRET);
  // Links inside the folder, under names of their own, to what it never publishes.
  await fs.symlink(path.join(contentDir, ".git"), path.join(contentDir, "git-folder"));
  await fs.symlink(path.join(contentDir, ".git", "config"), path.join(contentDir, "git-config.txt"));
  await fs.symlink(path.join(contentDir, "node_modules", "pkg"), path.join(contentDir, "pkg"));
  const words = Array.from({ length: 20_000 }, (_, index) => `lorem${index}`).join("");
  await fs.writeFile(path.join(contentDir, "long-line.md"), `# A very long line\n\n${words}\n\nThe end of the long page.\n`);
}
