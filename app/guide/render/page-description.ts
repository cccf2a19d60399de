/** About what search results and link previews show; cut at a word, marked with an ellipsis. */
export const DESCRIPTION_LENGTH = 160;

export function shortenDescription(paragraph: string): string {
  const flat = paragraph.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  // One long word (a URL): cut inside it rather than keep almost nothing.
  const atWord = lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.replace(/[\s,;:.\-–—]+$/, "")}…`;
}
