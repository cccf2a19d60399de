import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { makeFolderSync } from "../../../app/guide/load/make-folder.server.ts";
import { makeStagingFolder, moveIntoPlace, userFileCheck } from "./export-folder.ts";

export type ExportWriter = ReturnType<typeof createExportWriter>;

/**
 * Every file of an export is written through here, into a folder of its
 * own inside `out` until the export is whole (`finish`), when it replaces
 * the earlier export there (`earlier`, its files; export-folder.ts). An
 * export that fails or is interrupted removes that folder (`abandon`), with
 * the half-written file in it: `out` is left as the export found it, an
 * earlier export still whole, and the next `build` into it is not refused
 * as a folder of unknown files. A write that fails names its file, which
 * Node's message for a full disk does not ("ENOSPC: no space left on
 * device, write").
 */
export function createExportWriter(out: string, earlier: readonly string[] = []) {
  const staging = makeStagingFolder(out);
  // At each write, so that a file of the user's in the way stops the export at once, not once it is whole.
  const inTheWay = userFileCheck(out, earlier);
  const written: string[] = [];
  // Made once each: tens of thousands of files share a few thousand folders.
  const folders = new Set<string>();

  function opened(relative: string): string {
    inTheWay(relative);
    const target = path.join(staging, relative);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      makeFolderSync(folder);
      folders.add(folder);
    }
    written.push(relative);
    return target;
  }

  return {
    /** Where the files are until the export is whole: to read one written, as the search index does. */
    folder: staging,

    write(relative: string, body: string | Uint8Array): void {
      const target = opened(relative);
      try {
        fs.writeFileSync(target, body);
      } catch (error) {
        throw namingFile(error, target);
      }
    },

    /** A response's body, streamed to its file: llms-full.txt holds every page's Markdown. */
    async writeStreamed(relative: string, response: Response): Promise<void> {
      const target = opened(relative);
      try {
        await pipeline(Readable.fromWeb(response.body! as NodeReadableStream<Uint8Array>), fs.createWriteStream(target));
      } catch (error) {
        throw namingFile(error, target);
      }
    },

    /** Called once every file is written: they replace the earlier export, and the folder is marked as an export of these for the next one to replace. */
    finish(): void {
      moveIntoPlace(out, staging, written, earlier);
    },

    /** Removes every file written so far, with the folder they were written in; the count removed. */
    abandon(): number {
      const removed = written.filter((file) => fs.lstatSync(path.join(staging, file), { throwIfNoEntry: false }) !== undefined).length;
      fs.rmSync(staging, { recursive: true, force: true });
      return removed;
    },
  };
}

/**
 * Runs an export and, when it fails, is interrupted (Ctrl-C, a CI job's
 * time limit) or is left waiting on a process that ended, removes what it
 * wrote before the process ends, and says so in the same line as the
 * failure.
 */
export async function removedIfStopped(output: ExportWriter, exportSite: () => Promise<void>): Promise<void> {
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`themed-guide: build stopped by ${signal}${afterRemoving(output)}`);
    process.exit(128 + os.constants.signals[signal]);
  };
  // Nothing left to run while the export still waits: a process it waited on ended without answering (Pagefind's,
  // killed for memory), and Node would end with status 13 and a line of this bundle's source.
  const stranded = () => {
    console.error(`themed-guide: build stopped: a process it was waiting on ended without answering (out of memory?)${afterRemoving(output)}`);
    process.exit(1);
  };
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted).once("beforeExit", stranded);
  try {
    await exportSite();
  } catch (error) {
    if (error instanceof Error) error.message += afterRemoving(output);
    throw error;
  } finally {
    process.off("SIGINT", interrupted).off("SIGTERM", interrupted).off("beforeExit", stranded);
  }
}

/** Removes what the export wrote; what to add to the line that says why it stopped ("" when it had written nothing). */
function afterRemoving(output: ExportWriter): string {
  try {
    const removed = output.abandon();
    if (removed === 0) return "";
    return removed === 1 ? "; the file it had written was removed" : `; the ${removed.toLocaleString("en")} files it had written were removed`;
  } catch (error) {
    return `; the files it had written could not all be removed (${(error as Error).message}): remove them by hand`;
  }
}

/** `error` with the file's path in its message, where the system's message has none. */
function namingFile(error: unknown, file: string): unknown {
  const system = error as NodeJS.ErrnoException;
  if (!(error instanceof Error) || typeof system.code !== "string" || system.path !== undefined) return error;
  system.message = `${system.message} '${file}'`;
  system.path = file;
  return error;
}
