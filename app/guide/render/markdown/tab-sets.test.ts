import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { render, renderFixture } from "./__fixtures__/read-fixture";
import { hasTabSets } from "./tab-list";

/** What a reader and the page's script can tell of each tab set in some HTML. */
type TabSetSummary = {
  group: string | null;
  /** The tab row's buttons: label, key, the default one marked "*". */
  tabs: string[];
  /** Each panel's label as shown without JavaScript, and its key. */
  panels: string[];
  rowHidden: boolean;
};

function tabSets(html: string): TabSetSummary[] {
  const sets: TabSetSummary[] = [];
  visit(fromHtml(html, { fragment: true }) as Root, "element", (node: Element) => {
    if (!classes(node).includes("tabs")) return;
    const children = node.children.filter((child): child is Element => child.type === "element");
    const row = children.find((child) => classes(child).includes("tab-list"));
    const buttons = (row?.children ?? []).filter((child): child is Element => child.type === "element");
    const panels = children.filter((child) => classes(child).includes("tab"));
    sets.push({
      group: (node.properties.dataTabGroup as string | undefined) ?? null,
      tabs: buttons.map((button) => `${toString(button)}=${String(button.properties.dataTabKey)}${button.properties.dataTabDefault !== undefined ? "*" : ""}`),
      panels: panels.map((panel) => {
        const label = panel.children.find((child): child is Element => child.type === "element" && classes(child).includes("tab-label"));
        return `${label ? toString(label) : "(no label)"}=${String(panel.properties.dataTabKey)}${panel.properties.dataTabDefault !== undefined ? "*" : ""}`;
      }),
      rowHidden: row?.properties.hidden === true,
    });
  });
  return sets;
}

function classes(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

describe("tab sets", () => {
  it("makes consecutive MkDocs content tabs one set, `===+` its first shown and `===!` a new set, grouped by their labels", async () => {
    const { html } = await renderFixture("mkdocs.md");
    expect(tabSets(html)).toEqual([
      { group: '["Autumn","Spring"]', tabs: ["Spring=Spring*", "Autumn=Autumn"], panels: ["Spring=Spring*", "Autumn=Autumn"], rowHidden: true },
      { group: '["Burlap","Pine needles"]', tabs: ["Pine needles=Pine needles", "Burlap=Burlap*"], panels: ["Pine needles=Pine needles", "Burlap=Burlap*"], rowHidden: true },
      { group: '["Spring"]', tabs: ["Spring=Spring*"], panels: ["Spring=Spring*"], rowHidden: true },
    ]);
    expect(html).toMatch(/<p class="tab-label">Spring<\/p>\s*<p>Feed sugar syrup.<\/p>\s*<\/div>/);
  });

  it("makes a VitePress code group's fences its tabs, labelled by their titles (or language) shown once", async () => {
    const { html } = await renderFixture("vitepress.md");
    expect(tabSets(html)).toEqual([
      { group: '["npm","pnpm"]', tabs: ["npm=npm*", "pnpm=pnpm"], panels: ["npm=npm*", "pnpm=pnpm"], rowHidden: true },
      {
        group: '["beds.config.js","beds.config.ts","toml"]',
        tabs: ["beds.config.js=beds.config.js*", "beds.config.ts=beds.config.ts", "toml=toml"],
        panels: ["beds.config.js=beds.config.js*", "beds.config.ts=beds.config.ts", "toml=toml"],
        rowHidden: true,
      },
    ]);
    // The title is the tab's label, not a caption as well; the rest of the meta still counts (the highlighted line).
    expect(html).not.toContain('class="code-title"');
    expect(html).not.toContain("code-group");
    expect(html).toMatch(/<p class="tab-label">beds.config.ts<\/p>\s*<div class="code-block"><pre class="shiki has-highlighted"/);
  });

  it("keeps Docusaurus' groupId, each TabItem's value as its key and the default from `default` or `defaultValue`", async () => {
    const { html } = await renderFixture("docusaurus.md");
    expect(tabSets(html)).toEqual([
      { group: null, tabs: ["Road bike=road*", "mtb=mtb"], panels: ["Road bike=road*", "mtb=mtb"], rowHidden: true },
      { group: "tyre-width", tabs: ["Narrow tyres=narrow", "Wide tyres=wide*"], panels: ["Narrow tyres=narrow", "Wide tyres=wide*"], rowHidden: true },
    ]);
  });

  it("keeps Starlight's syncKey, labels as keys and the first tab as the default", async () => {
    const { html, headings } = await renderFixture("starlight.md");
    expect(tabSets(html)).toEqual([
      { group: "kiln", tabs: ["Electric kiln=Electric kiln*", "Wood kiln=Wood kiln"], panels: ["Electric kiln=Electric kiln*", "Wood kiln=Wood kiln"], rowHidden: true },
      { group: null, tabs: ["Earthenware=Earthenware*", "Stoneware=Stoneware"], panels: ["Earthenware=Earthenware*", "Stoneware=Stoneware"], rowHidden: true },
    ]);
    // A heading inside a panel is still one of the page's sections.
    expect(headings.map((heading) => heading.text)).toContain("Cone chart");
    expect(html).toMatch(/<h3 id="cone-chart">/);
  });

  it("shows a Starlight tab's known icon before its label and on its tab, hidden from screen readers; an unknown one shows none", async () => {
    const { html } = await renderFixture("starlight.md");
    const tree = fromHtml(html, { fragment: true }) as Root;
    const icons: string[] = [];
    visit(tree, "element", (node: Element, _index, parent) => {
      if (node.tagName !== "svg") return;
      const owner = parent?.type === "element" ? `${classes(parent).join(" ")}: ${toString(parent)}` : "(none)";
      icons.push(`${classes(node).join(" ")} in ${owner}, aria-hidden=${String(node.properties.ariaHidden)}, first=${parent?.children.find((child) => child.type === "element") === node}`);
    });
    // "setting" is one of Starlight's icons; the wood kiln's "fire" is not.
    expect(icons.filter((icon) => icon.startsWith("tab-icon"))).toEqual([
      "tab-icon in tab-button: Electric kiln, aria-hidden=true, first=true",
      "tab-icon in tab-label: Electric kiln, aria-hidden=true, first=true",
    ]);
    expect(html).not.toContain("data-tab-icon");
    expect(html).not.toContain("fire");
  });

  it("lets raw HTML draw no tab icon of its own", async () => {
    const { html } = await render('<div class="tabs"><div class="tab"><p class="tab-label"><svg class="tab-icon" aria-hidden="true"><path d="M0 0h24v24H0z"/></svg>Fake</p></div></div>');
    expect(html).not.toMatch(/<svg|<path|tab-icon/);
  });

  it("keeps two tabs of one label apart and names an unlabelled one", async () => {
    const { html } = await render('<Tabs>\n<TabItem label="Same">\n\nOne.\n\n</TabItem>\n<TabItem label="Same">\n\nTwo.\n\n</TabItem>\n<TabItem>\n\nThree.\n\n</TabItem>\n</Tabs>');
    expect(tabSets(html)).toEqual([{ group: null, tabs: ["Same=Same*", "Same=Same (2)", "Tab 3=Tab 3"], panels: ["Same=Same*", "Same=Same (2)", "(no label)=Tab 3"], rowHidden: true }]);
  });

  it("writes the row as a tablist whose tabs name the panels they control, by ids no heading of the page has", async () => {
    const { html } = await render('## Tab set 1 tab 1\n\n=== "One"\n\n    First.\n\n=== "Two"\n\n    Second.');
    expect(html).toContain('<div class="tab-list" role="tablist" hidden data-pagefind-ignore="">');
    expect(html).toContain('<button type="button" class="tab-button" id="tab-set-2-tab-1" role="tab" aria-controls="tab-set-2-panel-1" data-tab-key="One" data-tab-default>One</button>');
    expect(html).toMatch(/<div class="tab" id="tab-set-2-panel-2" data-tab-key="Two">/);
  });

  it("lets an author's raw HTML make no tab row of its own", async () => {
    const { html } = await render('<div class="tab-list"><button data-tab-key="x">Click</button></div>');
    expect(html).not.toContain("tab-list");
    expect(html).not.toContain("<button");
  });
});

describe("whether an article has tab sets (the pages that carry the tabs' blocking script)", () => {
  it("is true of a rendered tab set, as the server writes it and as a browser serialises it back", async () => {
    const { html } = await render('=== "One"\n\n    First.\n\n=== "Two"\n\n    Second.');
    expect(hasTabSets(html)).toBe(true);
    // A browser's innerHTML gives a boolean attribute a value (the tabs' end-to-end tests hydrate such pages).
    const serialisedBack = html.replace(" hidden data-pagefind-ignore", ' hidden="" data-pagefind-ignore');
    expect(serialisedBack).not.toBe(html);
    expect(hasTabSets(serialisedBack)).toBe(true);
  });

  it("is false of an article without one, of one that only speaks of tab lists, and of raw HTML that imitates the row", async () => {
    for (const markdown of ["# Plain\n\nNo tabs here.", 'Write `<div class="tab-list" role="tablist">` to imitate one.', '<div class="tab-list" role="tablist"><button>x</button></div>']) {
      expect(hasTabSets((await render(markdown)).html)).toBe(false);
    }
  });
});
