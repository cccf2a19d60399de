import { describe, expect, it } from "vitest";
import { codeText, render } from "../__fixtures__/read-fixture";
import { separateTabItems } from "./mdx-tab-lines";

/** The panels of the first tab set in some HTML, label paragraph left out. */
function panels(html: string): string[] {
  return [...html.matchAll(/<div class="tab"[^>]*><p class="tab-label">[^<]*<\/p>([\s\S]*?)<\/div>\n(?=<div class="tab"|<\/div>)/g)].map((match) => match[1]!.trim());
}

describe("Docusaurus and Starlight tabs written as MDX indents them", () => {
  it("reads each panel's indented content as Markdown when no blank line separates the tags", async () => {
    const markdown = [
      "<Tabs>",
      '  <TabItem value="tea" label="Tea" default>',
      "    Steep `green` leaves **briefly**.",
      "    - one spoon",
      "    - hot water",
      "  </TabItem>",
      '  <TabItem value="soup" label="Soup">',
      "    Simmer slowly.",
      "  </TabItem>",
      "</Tabs>",
    ].join("\n");
    const { html } = await render(markdown);
    expect(panels(html)).toEqual(["<p>Steep <code>green</code> leaves <strong>briefly</strong>.</p>\n<ul>\n<li>one spoon</li>\n<li>hot water</li>\n</ul>", "<p>Simmer slowly.</p>"]);
    expect(html).not.toContain("**");
  });

  it("keeps a fence indented under its TabItem a code block in its language, its own indentation kept", async () => {
    const markdown = ["<Tabs>", '  <TabItem value="py" label="Python">', "    ```python", "    def brew():", "        return 1", "    ```", "  </TabItem>", "</Tabs>"].join("\n");
    const { html } = await render(markdown);
    expect(html).toMatch(/<p class="tab-label">Python<\/p>\s*<div class="code-block"><pre class="shiki" tabindex="0"><code><span class="tk\d+">def<\/span>/);
    expect(await codeText(markdown)).toBe("def brew(): ⏎     return 1");
    expect(html).not.toContain("```");
  });

  it("keeps the set's own indentation, so that a set in a list item stays in it", () => {
    const source = ["1. Pick one:", "", "   <Tabs>", '     <TabItem label="A">', "       Text.", "     </TabItem>", "   </Tabs>"].join("\n");
    expect(separateTabItems(source).split("\n").filter((line) => line.trim())).toEqual(["1. Pick one:", "   <Tabs>", '   <TabItem label="A">', "   Text.", "   </TabItem>", "   </Tabs>"]);
  });

  it("leaves a tab set shown in a fence, one left open, and raw HTML alone", () => {
    for (const source of [
      "```mdx\n<Tabs>\n  <TabItem value=\"a\">\n    Text.\n  </TabItem>\n</Tabs>\n```",
      '<Tabs>\n  <TabItem value="a">\n    Text.\n  </TabItem>',
      '<div class="tabs">\n  <div class="tab">\n    Text.\n  </div>\n</div>',
    ]) {
      expect(separateTabItems(source)).toBe(source);
    }
  });
});
