/**
 * Where a long identifier in a narrow column may wrap without breaking a
 * word: after a dot, slash, underscore, hyphen or opening bracket, and
 * before each capital of a camelCase name (`createStatic|Handler.|query|Route()`).
 * The text split at those points; the caller puts a <wbr> between parts.
 * Only words longer than `minLength` are split: ordinary words wrap at
 * spaces as they always do.
 */
export function identifierBreaks(text: string, minLength = 16): string[] {
  const parts: string[] = [];
  let pending = "";
  for (const word of text.split(/(\s+)/)) {
    if (word.length <= minLength || /^\s+$/.test(word)) {
      pending += word;
      continue;
    }
    const pieces = word.split(/(?<=[./_\-(])|(?<=\p{Ll})(?=\p{Lu})/u);
    pending += pieces[0];
    for (const piece of pieces.slice(1)) {
      parts.push(pending);
      pending = piece;
    }
  }
  parts.push(pending);
  return parts;
}
