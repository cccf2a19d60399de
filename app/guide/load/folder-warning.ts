/** C0 controls and DEL: in a file name, never the author's intent. */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Something in the folder the guide went on without: a file left out (a link
 * out of the folder or to nothing, a name with a control character) or a
 * file that labels the folder and could not be read. The server prints it;
 * `themed-guide check` reports it as a problem.
 */
export type FolderWarning = { kind: "skipped-file" | "unreadable-config"; file: string; message: string };

/** One line: a name with a line break in it is quoted, so that it stays one. */
export function describeFolderWarning({ file, message }: FolderWarning): string {
  return `${CONTROL_CHARACTER.test(file) ? JSON.stringify(file) : file}: ${message}`;
}
