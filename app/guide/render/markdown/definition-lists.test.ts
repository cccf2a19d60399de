import { describe, expect, it } from "vitest";
import { render } from "./__fixtures__/read-fixture";

describe("definition lists", () => {
  it("makes MkDocs' `Term` / `:   Definition` a <dl>, its definitions' Markdown rendered", async () => {
    const { html } = await render("`name`\n:   What plots and reports *call* the station.\n\n`datum`\n:   The height all predictions are measured from.");
    expect(html.replace(/\n/g, "")).toBe(
      "<dl><dt><code>name</code></dt><dd>What plots and reports <em>call</em> the station.</dd><dt><code>datum</code></dt><dd>The height all predictions are measured from.</dd></dl>",
    );
  });

  it("leaves a colon at the start of an ordinary line as text", async () => {
    const { html } = await render("Ratio\n:1 is not a definition");
    expect(html).not.toContain("<dl>");
  });
});
