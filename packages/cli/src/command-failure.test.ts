import { expect, test } from "vitest";
import { asCommandFailure, CommandFailure } from "./command-failure.ts";

// As the server seam's describeStartError: a line for an error of the folder's, null for any other.
class FolderError extends Error {}
const describeStartError = (error: unknown) => (error instanceof FolderError ? `The guide cannot be loaded: ${error.message}` : null);

test("a docs folder the guide refuses becomes the one line the command prints; any other error stays as it is, to be printed whole", () => {
  const refused = asCommandFailure(new FolderError("/docs/a.md.md: its address /guide/a.md is where /docs/a.md's Markdown is served; rename one"), describeStartError);
  expect(refused).toBeInstanceOf(CommandFailure);
  expect((refused as Error).message).toBe("The guide cannot be loaded: /docs/a.md.md: its address /guide/a.md is where /docs/a.md's Markdown is served; rename one");
  const bug = new TypeError("undefined is not a function");
  expect(asCommandFailure(bug, describeStartError)).toBe(bug);
});
