/**
 * A command that cannot go on for a reason its message gives in one line:
 * a docs folder the guide refuses (two files at one page's address, front
 * matter that does not parse), a setting it cannot use. The command line
 * prints the line, with no stack, and ends with exit status 1.
 */
export class CommandFailure extends Error {
  override name = "CommandFailure";
}

/** `error` as a CommandFailure where `describe` (the server seam's describeStartError) says it in one line; else as it is. */
export function asCommandFailure(error: unknown, describe: (error: unknown) => string | null): unknown {
  const line = describe(error);
  return line === null ? error : new CommandFailure(line);
}
