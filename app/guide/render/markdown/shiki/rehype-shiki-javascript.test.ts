import { describe, expect, it, vi } from "vitest";

describe("code highlighting", () => {
  it("highlights without WebAssembly, so a render worker holds no memory it can never give back", async () => {
    // Spied before the pipeline first runs: Oniguruma would compile its WebAssembly then.
    const instantiate = vi.spyOn(WebAssembly, "instantiate");
    const compile = vi.spyOn(WebAssembly, "compile");
    const { renderMarkdown } = await import("../render-markdown.server");
    const { html } = await renderMarkdown("```ts\nconst answer: number = 42; // the answer\n```\n\n```python\ndef f(x):\n    return x * 2\n```\n", {
      relativePath: "code.md",
      resolveUrl: () => null,
    });
    expect(html).toMatch(/<span class="[^"]*">const<\/span>/);
    expect(html).toMatch(/<span class="[^"]*">def<\/span>/);
    expect(instantiate).not.toHaveBeenCalled();
    expect(compile).not.toHaveBeenCalled();
  });
});
