/**
 * themed-guide: serve, export or check a folder of Markdown docs.
 * The command line is read and checked first (command-line.ts); a usage
 * error is one line and exit status 2, never a stack trace, and a file
 * that cannot be read or written one line and exit status 1.
 */
import packageJson from "../package.json" with { type: "json" };
import { buildCommand } from "./build-command.ts";
import { checkCommand } from "./check-command.ts";
import { CommandFailure } from "./command-failure.ts";
import { devCommand } from "./dev-command.ts";
import { readCommandLine, UsageError } from "./command-line.ts";
import { serveCommand } from "./serve-command.ts";
import { escapeControlCharactersInOutput } from "../../../server/terminal-text.ts";

// Before anything is printed: a page's text in a warning (an include's target, a link) must not drive the terminal.
escapeControlCharactersInOutput();

// As package.json's engines say: the search index is SQLite through node:sqlite, which Node 22 has without a flag from 22.13.
const [NODE_MAJOR, NODE_MINOR] = process.versions.node.split(".").map(Number) as [number, number];
if (NODE_MAJOR < 22 || (NODE_MAJOR === 22 && NODE_MINOR < 13)) {
  console.error(`themed-guide: needs Node.js 22.13 or newer; this is ${process.version}`);
  process.exit(1);
}

/** Set once the docs folder of a project's root has been named: `serve`, `build` and `check` start again in place (server/heap-limit.ts). */
const PROJECT_NAMED = "THEMED_GUIDE_PROJECT_NAMED";

try {
  const invocation = readCommandLine(process.argv.slice(2));
  if ("project" in invocation && invocation.project && process.env[PROJECT_NAMED] === undefined) {
    const { root, folder, namedBy } = invocation.project;
    console.error(`themed-guide: ${root} is a project's root; its docs folder is ${folder} (${namedBy})`);
    process.env[PROJECT_NAMED] = "1";
  }
  switch (invocation.command) {
    case "help":
      console.log(invocation.text);
      break;
    case "version":
      console.log(packageJson.version);
      break;
    case "dev":
      await devCommand(invocation.folder, invocation.options);
      break;
    case "serve":
      await serveCommand(invocation.folder, invocation.options);
      break;
    case "build":
      await buildCommand(invocation.folder, invocation.options);
      break;
    case "check":
      process.exit(await checkCommand(invocation.folder, invocation.options));
      break;
  }
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`themed-guide: ${error.message}`);
    process.exit(2);
  }
  // A file the command could not read or write (an --out under a file, a full disk): the system's reason, in one line;
  // and a docs folder the guide refuses, in the guide's.
  if (isFileSystemError(error) || error instanceof CommandFailure) {
    console.error(`themed-guide: ${error.message}`);
    process.exit(1);
  }
  // A fault of the command's own: its message and where, for a report, not Node's print of a line of the bundle.
  console.error(`themed-guide: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
}

function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && typeof (error as NodeJS.ErrnoException).syscall === "string";
}
