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

// An opening fence with a language, at a line start: ```ts, ~~~ python, ``` {.rust}.
const OPENING_FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*\{?\.?([\w#+-]+)[^\n]*\n?/;

export function codeSamples(documents: readonly string[]): CodeSample[] {
  const collector = createCodeSampleCollector();
  for (const document of documents) collector.add(document);
  return collector.samples();
}

/** The samples of documents seen one at a time, so a large folder's text need not be held at once. */
export function createCodeSampleCollector() {
  const uses = new Map<string, number>();
  const firstBlock = new Map<string, string>();
  return {
    add(document: string) {
      // Regular expressions over the document rather than its lines: this runs
      // before the server listens, over every file of folders of thousands.
      const openings = new RegExp(OPENING_FENCE.source, "gm");
      for (let opening = openings.exec(document); opening; opening = openings.exec(document)) {
        const [line, fence, written] = opening as unknown as [string, string, string];
        // A backtick fence's info string cannot hold a backtick (that is inline code).
        if (fence[0] === "`" && line.slice(line.indexOf(written)).includes("`")) continue;
        const bodyStart = opening.index + line.length;
        const closing = closingFence(fence);
        closing.lastIndex = bodyStart;
        const close = closing.exec(document);
        const bodyEnd = close ? close.index : document.length;
        // A fence inside the block is its text, not a block of its own.
        openings.lastIndex = close ? close.index + close[0].length : document.length;

        const language = written.toLowerCase();
        uses.set(language, (uses.get(language) ?? 0) + 1);
        if (!firstBlock.has(language)) firstBlock.set(language, shorten(document.slice(bodyStart, bodyEnd).replace(/\r?\n$/, "")));
      }
    },
    samples(): CodeSample[] {
      return [...uses].sort((a, b) => b[1] - a[1]).map(([language]) => ({ language, code: firstBlock.get(language)! }));
    },
  };
}

/** The same character at least as many times, alone on its line (CommonMark). */
function closingFence(fence: string): RegExp {
  return new RegExp(`^[ \\t]*${fence[0]}{${fence.length},}[ \\t]*$`, "gm");
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
