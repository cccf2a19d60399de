import { openListedFile } from "../../../app/guide/files/open-listed-file.server";
import { runsScriptOpenedAlone } from "./active-files.ts";

export type CopiedFiles = {
  /** Those that run script when opened on their own (active-files.ts). */
  active: string[];
  /** Those no longer at their listed path, or no longer files, when their turn came: left out. */
  leftOut: string[];
};

/**
 * The docs folder's other files (images, downloads) into the export, each
 * read as the server reads one (openListedFile): only where the folder's
 * listing found it, through no link put in its place or above it since.
 * An export of a large folder runs for minutes, and a folder changed
 * meanwhile must not put a file from outside it into the site.
 */
export async function copyFolderFiles(files: readonly { file: string; path: string }[], write: (file: string, content: Buffer) => void): Promise<CopiedFiles> {
  const copied: CopiedFiles = { active: [], leftOut: [] };
  for (const { file, path } of files) {
    const opened = await openListedFile(path).catch(() => null);
    if (!opened?.stat.isFile()) {
      await opened?.handle.close();
      copied.leftOut.push(file);
      continue;
    }
    const content = await opened.handle.readFile().finally(() => opened.handle.close());
    if (runsScriptOpenedAlone(file, content)) copied.active.push(file);
    write(file, content);
  }
  return copied;
}
