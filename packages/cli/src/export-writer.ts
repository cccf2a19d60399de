import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { makeFolderSync } from "../../../app/guide/load/make-folder.server.ts";
import { recordExport, removeExportedFiles } from "./export-folder.ts";

export type ExportWriter = ReturnType<typeof createExportWriter>;

/**
 * Every file of an export is written through here. Each is recorded before
 * it is opened, so that an export that fails or is interrupted can remove
 * every file it wrote, the half-written one too (`abandon`): the folder is
 * left as the export found it, and the next `build` into it is not refused
 * as a folder of unknown files. A write that fails names its file, which
 * Node's message for a full disk does not ("ENOSPC: no space left on
 * device, write").
 */
export function createExportWriter(out: string) {
  const written: string[] = [];
  // Made once each: tens of thousands of files share a few thousand folders.
  const folders = new Set<string>();

  function opened(relative: string): string {
    const target = path.join(out, relative);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      makeFolderSync(folder);
      folders.add(folder);
    }
    written.push(relative);
    return target;
  }

  return {
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

    /** Written last: the list of this export's files, which marks the folder as an export for the next one to replace. */
    finish(): void {
      recordExport(out, written);
    },

    /** Removes every file written so far, and the folders made for them where nothing else was put; the count removed. */
    abandon(): number {
      return removeExportedFiles(out, written);
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
