/** "1 page", "2,000 pages": a number of pages as the server's log lines say it. */
export function pageCount(count: number): string {
  return `${count.toLocaleString("en")} ${count === 1 ? "page" : "pages"}`;
}
