/**
 * One code block of each language a folder's fences name, most used language
 * first: what the render worker highlights while the server starts.
 *
 * A grammar compiles its rules the first time code enters them. A one-line
 * stand-in enters almost none, so the first pages to show real code paid for
 * it: on the benchmark folder's longest page, 0.7 s of highlighting instead
 * of 0.05 s once one real block of each of its languages had been
 * highlighted. The samples are the folder's own code, so they enter the
 * rules that its pages will.
 */

export type CodeSample = { language: string; code: string };

/** Enough of a block to enter its grammar's common rules; the rest adds time, not coverage. */
const SAMPLE_CHARACTERS = 2_000;

const OPENING_FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*\{?\.?([\w#+-]+)/;

export function codeSamples(documents: readonly string[]): CodeSample[] {
  const uses = new Map<string, number>();
  const firstBlock = new Map<string, string>();
  for (const document of documents) {
    const lines = document.split(/\r?\n/);
    for (let index = 0; index < lines.length; index++) {
      const opening = OPENING_FENCE.exec(lines[index]!);
      if (!opening) continue;
      const [, fence, written] = opening as unknown as [string, string, string];
      // A backtick fence's info string cannot hold a backtick (that is inline code).
      if (fence[0] === "`" && lines[index]!.slice(opening[0].length).includes("`")) continue;
      const language = written.toLowerCase();
      const body: string[] = [];
      for (index++; index < lines.length && !closes(lines[index]!, fence); index++) body.push(lines[index]!);
      uses.set(language, (uses.get(language) ?? 0) + 1);
      if (!firstBlock.has(language)) firstBlock.set(language, shorten(body.join("\n")));
    }
  }
  return [...uses]
    .sort((a, b) => b[1] - a[1])
    .map(([language]) => ({ language, code: firstBlock.get(language)! }));
}

/** The same character at least as many times, and nothing else on the line (CommonMark). */
function closes(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && [...trimmed].every((character) => character === fence[0]);
}

function shorten(code: string): string {
  if (code.length <= SAMPLE_CHARACTERS) return code;
  const lastLineEnd = code.lastIndexOf("\n", SAMPLE_CHARACTERS);
  return code.slice(0, lastLineEnd > 0 ? lastLineEnd : SAMPLE_CHARACTERS);
}

/** A Markdown document of one sample in its fence, longer than any run of backticks inside it. */
export function sampleDocument(sample: CodeSample): string {
  const longestRun = Math.max(2, ...[...sample.code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longestRun + 1);
  return `${fence}${sample.language}\n${sample.code}\n${fence}\n`;
}
