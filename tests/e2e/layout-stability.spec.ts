import { expect, test, waitForHydration } from "./fixtures";
import { observeLayoutShifts, readLayoutShifts } from "./support/layout-shift";
import { pauseDocument, type Cut } from "./support/paused-document";

/**
 * Nothing moves while a page arrives. On a slow network or a busy phone the
 * browser paints a document before it has all of it; whatever it painted
 * must stay where it is when the rest comes in. Each test cuts the document
 * at one place, lets the browser paint the first part, then sends the rest.
 */

const guidePageCuts: Cut[] = [
  // The header, piece by piece: the site's name alone, then its links,
  // the search box's icon, the search box, the theme switch with none of its buttons, with one.
  { name: "the site's name", after: /<a class="site-name"[^>]*>[^<]*<\/a>/ },
  { name: "the site's links", after: /<nav aria-label="Site">.*?<\/nav>/s },
  { name: "the search box's icon", after: /<div class="search-field">.*?<\/svg>/s },
  { name: "the search box", after: /<form role="search".*?<\/form>/s },
  { name: "the theme switch without its buttons", after: /<div role="group" aria-label="Theme">/ },
  { name: "the first theme button", after: /<div role="group" aria-label="Theme">.*?<\/button>/s },
  // The guide: the navigation alone, the title, the page's sections, some of the text.
  { name: "the guide's navigation", after: /<\/aside>/ },
  { name: "the page's title", after: /<h1[^>]*>.*?<\/h1>/s },
  { name: "the page's sections", after: /<nav aria-label="On this page".*?<\/details>/s },
  { name: "the first paragraphs", after: /<div data-sent-once="guide-article">.*?(?:<\/p>.*?){3}/s },
];

// The theme options: the columns, and each option's preview above its radio.
const appearanceCuts: Cut[] = [
  { name: "the first option's radio", after: /<input type="radio"[^>]*>/ },
  { name: "the first option", after: /<\/label>/ },
  { name: "two options", after: /(?:.*?<\/label>){2}/s },
];

const pages = { "/guide/typography": guidePageCuts, "/appearance": appearanceCuts };

const viewports = { wide: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } };

for (const [path, cuts] of Object.entries(pages)) {
  for (const [screen, viewport] of Object.entries(viewports)) {
    for (const cut of cuts) {
      test(`${path} on a ${screen} screen: what was painted up to ${cut.name} stays in place as the rest arrives`, async ({ newContext, baseURL }) => {
        const proxy = await pauseDocument(baseURL!, path, cut);
        const context = await newContext({ viewport, baseURL: proxy.url });
        try {
          const page = await context.newPage();
          await page.addInitScript(observeLayoutShifts);
          const loaded = page.goto(path);

          // The first part is on screen: the browser has painted it, and not the rest.
          await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
          const painted = await page.evaluate(async () => {
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return { footer: document.querySelector("footer") !== null, text: document.body.innerText.length };
          });
          expect(painted.footer, "the document is still arriving").toBe(false);
          expect(painted.text).toBeGreaterThan(0);

          proxy.release();
          await loaded;
          await waitForHydration(page);
          const shifts = await readLayoutShifts(page);
          expect(shifts.total, shifts.moved.join("\n")).toBe(0);
        } finally {
          // The page first: a request it makes after the test would find the proxy gone.
          await context.close();
          await proxy.close();
        }
      });
    }
  }
}
