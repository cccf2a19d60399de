import { describe, expect, it, vi } from "vitest";

const katexLoads = vi.hoisted(() => vi.fn());
vi.mock("rehype-katex", async (importOriginal) => {
  katexLoads();
  return importOriginal();
});

const { render } = await import("../__fixtures__/read-fixture");

describe("KaTeX", () => {
  it("is not loaded for pages without a formula, and is loaded once for the first page with one", async () => {
    await render("# Plain\n\nNo math here, $5 to $10 and `$x$` in code.\n\n```sh\necho $HOME\n```");
    expect(katexLoads).not.toHaveBeenCalled();
    const { html } = await render("Then $x^2$.");
    expect(html).toContain("<math");
    await render("And $y$ and\n\n```math\nz\n```");
    expect(katexLoads).toHaveBeenCalledTimes(1);
  });
});
