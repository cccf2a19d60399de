import { describe, expect, it } from "vitest";
import { render } from "../__fixtures__/read-fixture";

describe("emoji shortcodes", () => {
  it("shows GitHub's shortcodes as emoji in prose and tables, and leaves unknown names and code as written", async () => {
    const { html } = await render(
      "Released :tada: at 10:30:00, :not_an_emoji: stays.\n\n| Feature | Done |\n| --- | --- |\n| Search | :white_check_mark: |\n| Print | :x: |\n\n`:tada:` in code\n\n```text\n:tada:\n```",
    );
    expect(html).toContain("<p>Released 🎉 at 10:30:00, :not_an_emoji: stays.</p>");
    expect(html).toContain("<td>✅</td>");
    expect(html).toContain("<td>❌</td>");
    expect(html).toContain("<code>:tada:</code>");
    expect(html).toMatch(/<pre[^>]*><code>:tada:<\/code><\/pre>/);
  });

  it("makes a heading's id from its words as written, as GitHub does, and keeps no helper attribute", async () => {
    const { html } = await render("## :rocket: Getting started\n\n[start](#rocket-getting-started)");
    expect(html).toContain('<h2 id="rocket-getting-started">🚀 Getting started<a ');
    expect(html).toContain('<a href="#rocket-getting-started">start</a>');
    expect(html).not.toContain("data-heading-text");
  });
});
