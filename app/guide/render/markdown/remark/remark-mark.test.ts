import { describe, expect, it } from "vitest";
import { render } from "../__fixtures__/read-fixture";

describe("highlighted text (==text==)", () => {
  it("shows ==text== as <mark>, one word or several", async () => {
    const { html } = await render("Set ==every== field, and ==read the log first==.");
    expect(html).toBe("<p>Set <mark>every</mark> field, and <mark>read the log first</mark>.</p>");
  });

  it("leaves comparisons (even c==d and e==f, whose marks touch letters), runs of = and code alone", async () => {
    const { html } = await render("If a == b and c==d and e==f, or ====, stop. Run `==x==` as written.");
    expect(html).toBe("<p>If a == b and c==d and e==f, or ====, stop. Run <code>==x==</code> as written.</p>");
  });
});
