import fs from "node:fs/promises";
import path from "node:path";

/** Adds a `logbook/` of `entries` short pages to a docs folder: enough of them to take it past one part of its list of every page. */
export async function addLogbook(docsFolder: string, entries: number) {
  const folder = path.join(docsFolder, "logbook");
  await fs.mkdir(folder);
  await Promise.all(
    Array.from({ length: entries }, (_, n) => fs.writeFile(path.join(folder, `entry-${String(n + 1).padStart(4, "0")}.md`), `# Entry ${n + 1}\n\nWhat happened on watch ${n + 1}.\n`)),
  );
}
