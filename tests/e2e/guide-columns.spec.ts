import { expect, test, type Page } from "./fixtures";

/**
 * The reading layout of a guide page, as the peers lay theirs out: from
 * 1280 pixels up a text column of 640 to 760 pixels (about 65 to 80
 * characters a line) with the navigation before it and the page's sections
 * after it, the three centred in the window; on a phone, the text uses the
 * whole width.
 */

const PAGE = "/guide/typography";

type Box = { left: number; right: number; width: number };

/** Where the navigation, the text (the article's paragraphs) and the sections are, in pixels. */
function columns(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box | null => {
      if (!element) return null;
      const { left, right, width } = element.getBoundingClientRect();
      return { left, right, width };
    };
    return {
      nav: box(document.querySelector("main nav[aria-label='Guide']")),
      text: box(document.querySelector("main article > [data-sent-once='guide-article']")),
      // The disclosure around the list: the column's own edges.
      sections: box(document.querySelector("main nav[aria-label='On this page']")?.closest("details") ?? null),
      paragraph: box(document.querySelector("main article > [data-sent-once='guide-article'] > p")),
      viewport: document.documentElement.clientWidth,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

for (const width of [1280, 1600, 1920]) {
  test(`at ${width} pixels the text column is 640 to 760 pixels wide, between the navigation and the sections, all three centred`, async ({ newContext }) => {
    const page = await (await newContext({ viewport: { width, height: 900 } })).newPage();
    await page.goto(PAGE);
    const { nav, text, sections, paragraph, viewport, overflow } = await columns(page);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(text!.width).toBeGreaterThanOrEqual(640);
    expect(text!.width).toBeLessThanOrEqual(760);
    // Running text fills its column: nothing else holds it narrower.
    expect(paragraph!.width).toBeCloseTo(text!.width, 0);
    expect(nav!.right).toBeLessThan(text!.left);
    expect(sections!.left).toBeGreaterThan(text!.right);
    // Centred: as much room before the navigation as after the sections.
    expect(Math.abs(nav!.left - (viewport - sections!.right))).toBeLessThanOrEqual(2);
  });
}

test("on a phone the text uses the whole width, less its margins, and nothing scrolls sideways", async ({ newContext }) => {
  const page = await (await newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(PAGE);
  const { paragraph, viewport, overflow } = await columns(page);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(paragraph!.width).toBeGreaterThanOrEqual(viewport - 48);
});
