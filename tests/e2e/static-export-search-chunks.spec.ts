import fs from "node:fs";
import path from "node:path";
import { expect, waitForHydration } from "./fixtures";
import { testExport } from "./support/static-export";

/**
 * The export's search index in chunks smaller than Pagefind's own
 * (packages/cli/src/search-index-chunks.ts), searched by Pagefind's own
 * script and WebAssembly in the browser: 40 pages of the same prose, each
 * with one word no other page has, spread over the alphabet and so over
 * the chunks. Each page is found by its word, and by the word's first
 * letters, as a visitor types it.
 */
const CONSONANTS = [..."bcdfghjklmnpqrstvwxz"];
const ownWord = (index: number) => `${CONSONANTS[index % 20]}${index < 20 ? "aldor" : "umish"}`;
const PROSE = (
  "anchor ballast beacon bilge buoy capstan channel compass current dock ebb estuary fathom ferry flood gale gangway " +
  "harbour helm hull inlet jetty keel knot lantern ledger lighthouse mooring neap offing pier pilot quay reef rudder " +
  "salvage shoal spring starboard stern swell tide tonnage undertow vessel wake warden wharf windlass yard zenith"
).split(" ");

const test = testExport("mkdocs", {
  port: 3316,
  prepare: async (docs) => {
    fs.mkdirSync(path.join(docs, "stations"));
    for (let index = 0; index < 40; index++) {
      const prose = Array.from({ length: 160 }, (_, n) => PROSE[(index * 11 + n * 7 + ((n * n) % 13)) % PROSE.length]).join(" ");
      const page = `# Station ${index}\n\n${prose}.\n\nThe ${ownWord(index)} logbook is kept here.\n`;
      fs.writeFileSync(path.join(docs, "stations", `station-${index}.md`), page);
    }
  },
});

test("a search finds each page by its own word and by the word's first letters, from an index in many small chunks", async ({ page, exported }) => {
  // Pagefind makes one chunk of these pages' words; the export cuts it into many.
  expect(fs.readdirSync(path.join(exported.out, "pagefind", "index")).length).toBeGreaterThan(4);

  await page.goto("/guide");
  await waitForHydration(page);
  const field = page.getByRole("search").getByLabel("Search", { exact: true });
  const results = page.getByRole("listbox", { name: "Search results" });
  const options = results.getByRole("option");
  for (const index of [0, 5, 11, 17, 22, 29, 33, 39]) {
    const station = `/guide/stations/station-${index}`;
    await field.fill(ownWord(index));
    await expect(options.first(), ownWord(index)).toHaveAttribute("href", new RegExp(`^${station}(#|$)`));
    await field.fill(ownWord(index).slice(0, 4));
    await expect(results.locator(`[role=option][href^="${station}"]`).first(), ownWord(index).slice(0, 4)).toBeVisible();
  }
});
