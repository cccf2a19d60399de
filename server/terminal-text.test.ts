import { describe, expect, test } from "vitest";
import { escapeControlCharacters, escapeControlCharactersInOutput } from "./terminal-text.ts";

/** A console that keeps what it is asked to print, as one string a call, with the escaping put in. */
function escapingConsole() {
  const printed: string[] = [];
  const keep = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
  const target = { log: keep, info: keep, debug: keep, warn: keep, error: keep };
  escapeControlCharactersInOutput(target);
  return { target, printed };
}

// What a Markdown file's `{{#include …}}` names, in the warning that it names no file.
const HOSTILE_INCLUDE = "\u001b[2J\u001b[31mRED\u001b[0m\u001b]0;title\u0007.txt";

describe("text printed for a terminal", () => {
  test("an include target's escape sequences are printed as visible escapes, not sent to the terminal", () => {
    const { target, printed } = escapingConsole();
    target.warn(`docs/a.md: include names no file in the folder: ${HOSTILE_INCLUDE}`);
    target.log("docs/a.md:3: include names no file in the folder: %s", HOSTILE_INCLUDE);
    const shown = "\\u001b[2J\\u001b[31mRED\\u001b[0m\\u001b]0;title\\u0007.txt";
    expect(printed).toEqual([`docs/a.md: include names no file in the folder: ${shown}`, `docs/a.md:3: include names no file in the folder: ${shown}`]);
  });

  test("every C0 control but the line break, DEL and every C1 control is escaped; the rest of Unicode is kept", () => {
    expect(escapeControlCharacters("a\u0000b\tc\rd\u007fe\u0080f\u009bg\u00a0h")).toBe("a\\u0000b\\u0009c\\u000dd\\u007fe\\u0080f\\u009bg\u00a0h");
    expect(escapeControlCharacters("two\nlines → über")).toBe("two\nlines → über");
    for (const target of ["log", "info", "debug", "warn", "error"] as const) {
      const { target: console, printed } = escapingConsole();
      console[target]("\u001b[2J");
      expect(printed).toEqual(["\\u001b[2J"]);
    }
  });

  test("check --json stays JSON that reads back as the same text: JSON escapes C0 itself, and DEL and C1 are escaped as JSON does", () => {
    const problems = { folder: "docs", problems: [{ file: "a.md", line: 1, message: `include names no file in the folder: ${HOSTILE_INCLUDE}\u007f\u009b` }] };
    const { target, printed } = escapingConsole();
    target.log(JSON.stringify(problems, null, 2));
    expect(printed[0]).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse(printed[0]!)).toEqual(problems);
  });

  test("an error is printed with its stack, uncoloured", () => {
    const { target, printed } = escapingConsole();
    target.error(new Error("\u001b]0;title\u0007"));
    expect(printed[0]).toMatch(/^Error: \\u001b\]0;title\\u0007\n {4}at /);
  });
});
