import { format } from "node:util";

/**
 * What the command line and the server print holds text from the docs
 * folder and from requests (an include's target, a link, an anchor, a
 * heading): a control character in it would reach the terminal as a
 * command (clear the screen, set the window's title, colour what follows),
 * written by whoever wrote the page. So both entries (packages/cli/src/cli.ts
 * and index.ts) have every line printed through their console, warnings and
 * check's results alike (its JSON too, where an escape reads the same),
 * show each control character as a visible escape (`\u001b`). Only the
 * line break between lines is kept.
 */

/** C0 controls but the line break, DEL and the C1 controls. */
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const PRINTING_METHODS = ["log", "info", "debug", "warn", "error"] as const;

/**
 * From now on, what `target` prints has its control characters escaped.
 * Formatted here as the console would (without colours, which are control
 * characters too), and handed on as one string, which it prints as it is.
 */
export function escapeControlCharactersInOutput(target: Pick<Console, (typeof PRINTING_METHODS)[number]> = console): void {
  for (const method of PRINTING_METHODS) {
    const print = target[method].bind(target);
    target[method] = (...args: unknown[]) => print(escapeControlCharacters(format(...args)));
  }
}
