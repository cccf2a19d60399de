import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../render-markdown.server";

const context = { relativePath: "tasks.md", resolveUrl: () => null };

describe("task list checkboxes", () => {
  it("are named by their item's text, checked or not", async () => {
    const { html } = await renderMarkdown("- [x] Write the *guide*\n- [ ] Publish it\n", context);
    expect(html).toMatch(/<input type="checkbox" checked disabled aria-label="Write the guide">/);
    expect(html).toMatch(/<input type="checkbox" disabled aria-label="Publish it">/);
  });

  it("in a loose list too, without the text of a list nested in the item", async () => {
    const { html } = await renderMarkdown("- [x] Ship it\n\n  - [ ] tell everyone\n\n- [ ] Rest\n", context);
    expect(html).toContain('aria-label="Ship it"');
    expect(html).toContain('aria-label="tell everyone"');
    expect(html).toContain('aria-label="Rest"');
  });

  it("leaves a list item without a checkbox alone", async () => {
    const { html } = await renderMarkdown("- plain item\n", context);
    expect(html).not.toContain("aria-label");
  });
});
