/**
 * A docs folder that cannot be served, or a page of it that cannot be
 * rendered; `file`, `line` and `column` say where, when one file is to
 * blame. The production server recognises it by type (through the server
 * seam) and prints its message as the one line a start fails with.
 */
export class GuideContentError extends Error {
  override name = "GuideContentError";
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  constructor(message: string, file?: string, line?: number, column?: number) {
    super(message);
    this.file = file;
    this.line = line;
    this.column = column;
  }
}
