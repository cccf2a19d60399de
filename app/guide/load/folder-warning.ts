/** C0 controls and DEL: in a file name, never the author's intent. */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Something in the folder the guide went on without: a file left out (a link
 * out of the folder or to nothing, a name with a control character), a
 * file that labels the folder and could not be read, or a page that is not
 * UTF-8 text (shown with � where it is not; `line` is the first such). The
 * server prints it; `themed-guide check` reports it as a problem.
 */
export type FolderWarning = { kind: "skipped-file" | "unreadable-config" | "not-utf8"; file: string; line?: number; message: string };

/** One line: a name with a line break in it is quoted, so that it stays one. */
export function describeFolderWarning({ file, line, message }: FolderWarning): string {
  return `${CONTROL_CHARACTER.test(file) ? JSON.stringify(file) : file}${line === undefined ? "" : `:${line}`}: ${message}`;
}

/** What the server says of a page whose file is not UTF-8 text. */
export function notUtf8(file: string, line: number): FolderWarning {
  return { kind: "not-utf8", file, line, message: "not UTF-8 text: what is not shows as �; save the file as UTF-8" };
}
