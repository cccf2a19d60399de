import Puzzle from "lucide/dist/esm/icons/puzzle.mjs";
import { describe, expect, it } from "vitest";
import { render, renderFixture, textOf } from "./__fixtures__/read-fixture";
import { renderMarkdown } from "./render-markdown.server";
import { STARLIGHT_ICON_NAMES, starlightIcon } from "./starlight-icons";

const glazes = (url: string) => (url === "./glazes.md" ? "/guide/glazes" : null);

describe("Starlight's and Docusaurus' components, as the site's own markup", () => {
  it("makes an <Aside> a callout titled by its title, else by its type (note when it has none)", async () => {
    const { html } = await renderFixture("starlight.md");
    expect(html).toMatch(/<div class="callout callout-note" role="note"><p class="callout-title">Note<\/p>\s*Keep the wheel head damp/);
    expect(html).toMatch(/<div class="callout callout-danger" role="note"><p class="callout-title">Hot shelves<\/p>\s*<p>Kiln shelves stay hot/);
    expect(html).toContain('<div class="callout callout-tip" role="note"><p class="callout-title">Tip</p>A sponge tied to a stick');
    const caution = await render('<Aside type="caution">\n\nMind the glaze drips.\n\n</Aside>');
    expect(caution.html).toMatch(/<div class="callout callout-warning" role="note"><p class="callout-title">Caution<\/p>/);
  });

  it("colours a Starlight badge by its variant, as VitePress' by its type", async () => {
    const { html } = await renderFixture("starlight.md");
    expect(html).toContain('<span class="badge badge-tip">Food safe</span>');
    expect(html).toContain('<span class="badge">Raku</span>');
    expect(html).toContain('<span class="badge badge-danger">Lead</span>');
    expect((await render('<Badge text="Soon" type="warning" /> and <Badge text="Maybe" variant="caution" />')).html).toContain(
      '<span class="badge badge-warning">Soon</span> and <span class="badge badge-warning">Maybe</span>',
    );
  });

  it("sizes a Starlight badge small or large, and leaves medium and any other size as the badge is", async () => {
    const { html } = await render('<Badge text="S" size="small" /> <Badge text="L" variant="tip" size="large" /> <Badge text="M" size="medium" /> <Badge text="X" size="huge" />');
    expect(html).toContain(
      '<span class="badge badge-small">S</span> <span class="badge badge-tip badge-large">L</span> <span class="badge">M</span> <span class="badge">X</span>',
    );
  });

  it("makes <Steps> its ordered list, marked as steps", async () => {
    const { html } = await renderFixture("starlight.md");
    expect(html).toMatch(/<ol class="steps">\s*<li>Wedge the clay until it is even\.<\/li>\s*<li>Centre it on the wheel\.<\/li>/);
    // Anything but one ordered list is left as written, without the wrapper.
    expect((await render("<Steps>\n\nJust a paragraph.\n\n</Steps>")).html.trim()).toBe("<p>Just a paragraph.</p>");
  });

  it("makes a <Card> a titled box and a <CardGrid> a grid of them", async () => {
    const { html } = await renderFixture("starlight.md");
    expect(html).toMatch(
      /<div class="card-grid">\s*<div class="card"><p class="card-title">(?:<svg [^>]*>.*?<\/svg>)?Throwing<\/p>\s*<p>Shape round pots on the wheel\.<\/p>\s*<\/div>\s*<div class="card"><p class="card-title">Hand building<\/p>/,
    );
    // The icon's name is looked up, never written out.
    expect(html).not.toContain("puzzle");
  });

  it("a Starlight card with a known icon shows it before its title, hidden from screen readers", async () => {
    const { html } = await renderFixture("starlight.md");
    const title = /<p class="card-title"><svg[\s\S]*?<\/p>/.exec(html)?.[0] ?? "";
    expect(title).toMatch(
      /^<p class="card-title"><svg class="card-icon" viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" [^>]*aria-hidden="true">(?:<path d="[^"]+"><\/path>)+<\/svg>Throwing<\/p>$/,
    );
    // Lucide's puzzle, drawn in the text's colour by presentation attributes: no inline style, which the CSP forbids.
    expect(title).toContain(`<path d="${Puzzle[0]![1].d}">`);
    expect(title).not.toContain("style");
    expect(textOf(title)).toBe("Throwing");
  });

  it("an unknown icon name shows no icon and keeps the card", async () => {
    const { html } = await renderFixture("starlight.md");
    expect(html).toMatch(/<div class="card"><p class="card-title">Hand building<\/p>\s*<p>Pinch, coil and slab\.<\/p>/);
    for (const icon of ["github", "seti:npm", "constructor", "__proto__", "Puzzle", "<svg onload=alert(1)>"]) {
      const card = (await render(`<Card title="Kiln" icon="${icon.replace(/"/g, "&quot;")}">\n\nHot.\n\n</Card>`)).html;
      expect(card.replace(/\n/g, ""), icon).toBe('<div class="card"><p class="card-title">Kiln</p><p>Hot.</p></div>');
    }
  });

  it("draws every Starlight icon name it knows as a Lucide icon, and no brand's logo", () => {
    expect(STARLIGHT_ICON_NAMES).toEqual(expect.arrayContaining(["rocket", "star", "puzzle", "open-book", "document", "setting", "warning", "approve-check-circle", "seti:folder"]));
    for (const name of STARLIGHT_ICON_NAMES) {
      const icon = starlightIcon(name, "card-icon");
      expect(icon?.children.length, name).toBeGreaterThan(0);
    }
    for (const brand of ["github", "gitlab", "discord", "x.com", "npm", "pnpm", "yarn", "bun", "seti:npm", "seti:typescript"]) expect(starlightIcon(brand, "card-icon"), brand).toBeNull();
  });

  it("makes a <LinkCard> a card that is one link, its href resolved like any link", async () => {
    const { html } = await renderFixture("starlight.md", glazes);
    expect(html).toContain(
      '<div class="card link-card"><a class="link-card-title" href="/guide/glazes">Glaze recipes</a><p class="link-card-description">Mix your own glazes from raw materials.</p></div>',
    );
  });

  it("gives a link card with a script URL no link, as the sanitiser gives any link", async () => {
    const { html } = await render('<LinkCard title="Trap" href="javascript:alert(1)" description="Nothing to click." />');
    expect(html).toBe('<div class="card"><p class="card-title">Trap</p><p class="link-card-description">Nothing to click.</p></div>');
  });

  it("reads a <FileTree> as Starlight does: folders by a slash or by entries inside, bold highlighted, words after a name a comment, … a placeholder", async () => {
    const { html } = await renderFixture("starlight.md");
    const tree = /<div class="file-tree">[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(textOf(tree)).toBe(
      "studio folder glazes folder celadon.md the one we use most tenmoku recipe.md … more entries kiln-log.csv firing history , one row a firing",
    );
    expect(tree).toMatch(/<li class="file-tree-folder"><span class="file-tree-entry"><svg class="file-tree-icon" [^>]*aria-hidden="true"><path [^>]*><\/path><\/svg><span class="file-tree-name">studio<\/span><span class="visually-hidden"> folder<\/span><\/span><\/li>/);
    expect(tree).toMatch(/<li class="file-tree-folder">.*?glazes.*?<ul><li class="file-tree-file">/);
    expect(tree).toMatch(/<strong class="file-tree-name file-tree-highlight">celadon\.md<\/strong><\/span> <span class="file-tree-comment">the one we use most<\/span>/);
    expect(tree).toContain('<span class="file-tree-name">tenmoku recipe.md</span>');
    expect(tree).toContain('<li class="file-tree-placeholder"><span class="file-tree-entry"><span class="file-tree-name" aria-hidden="true">…</span><span class="visually-hidden">more entries</span>');
    expect(tree).toContain('<span class="file-tree-comment">firing <em>history</em>, one row a firing</span>');
  });

  it("shows a <DocCardList /> as link cards of the pages it is given, and nothing without any", async () => {
    const markdown = "Intro.\n\n<DocCardList />\n\nAfter.";
    const categoryCards = [
      { title: "Brakes", url: "/guide/bikes/brakes", description: "Pads, cables and discs." },
      { title: "Wheels", url: "/guide/bikes/wheels", description: null },
    ];
    const { html } = await renderMarkdown(markdown, { relativePath: "bikes/index.md", resolveUrl: () => null, categoryCards });
    expect(html).toBe(
      '<p>Intro.</p>\n<div class="card-grid"><div class="card link-card"><a class="link-card-title" href="/guide/bikes/brakes">Brakes</a><p class="link-card-description">Pads, cables and discs.</p></div><div class="card link-card"><a class="link-card-title" href="/guide/bikes/wheels">Wheels</a></div></div>\n<p>After.</p>',
    );
    expect((await renderFixture("docusaurus.md")).html).toMatch(/<h2 id="more-about-bikes">.*<\/h2>\s*<p>Nothing comes after the cards\.<\/p>/);
  });

  it("keeps the words of a component it does not know, without its tag", async () => {
    const { html } = await renderFixture("starlight.md");
    expect(html).toContain("<p>Unknown components keep their words.</p>");
    expect(html).not.toMatch(/<\/?(?:gallery|aside|steps|card|cardgrid|linkcard|filetree|doccardlist)\b/i);
  });

  it("lets no raw HTML forge a card's or a tab's icon", async () => {
    const { html } = await render(
      '<p class="card-title"><svg class="card-icon" aria-hidden="true" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>Fake card</p>\n\n<p class="tab-label"><span class="tab-icon card-icon">★</span>Fake tab</p>',
    );
    expect(html).not.toMatch(/<svg|<path|card-icon|tab-icon|card-title/);
    expect(textOf(html)).toBe("Fake card ★ Fake tab");
  });

  it("lets no raw HTML write the components' classes", async () => {
    const { html } = await render(
      '<ol class="steps"><li>One</li></ol>\n\n<div class="card-grid"><div class="card link-card"><a class="link-card-title" href="/x">Card</a></div></div>\n\n<div class="file-tree"><span class="file-tree-name visually-hidden">Tree</span></div>',
    );
    expect(html).not.toMatch(/steps|card|file-tree|visually-hidden/);
    expect(textOf(html)).toBe("One Card Tree");
  });
});
