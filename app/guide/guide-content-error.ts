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

/**
 * A page's file gone since the folder was read (removed, or made a link, a
 * folder or a named pipe, which the guide does not read): the production server reads
 * the folder once, at start, so the page is listed still, but there is no
 * page to show; it answers 404, as for any address without a page.
 */
export class PageFileGoneError extends GuideContentError {
  override name = "PageFileGoneError";
}

/** The codes `open` gives for a file that is no longer there as a file: gone, a link (O_NOFOLLOW), a folder, or under a file. */
const GONE = new Set(["ENOENT", "ELOOP", "EISDIR", "ENOTDIR"]);

/** The error reading a page's file gave, as a PageFileGoneError when the file is gone. */
export function goneOrAsIs(error: unknown, file: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code && GONE.has(code) ? new PageFileGoneError(`${file}: gone since the folder was read (${code})`, file) : error;
}
