/**
 * Which section of a page the reader is in, from where its headings are:
 * the last heading that has passed the reading line, or the last of all
 * once the page is scrolled to its end (the closing sections may be too
 * short to ever reach the line). -1 above the first heading.
 */
export function currentSection(headingTops: readonly number[], readingLine: number, atEnd: boolean): number {
  if (atEnd && headingTops.length > 0) return headingTops.length - 1;
  let current = -1;
  for (const [index, top] of headingTops.entries()) {
    if (top > readingLine) break;
    current = index;
  }
  return current;
}
