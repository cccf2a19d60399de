import { describe, expect, test } from "vitest";
import { codeSamples, sampleDocument } from "./code-samples.server";
import { renderMarkdown } from "./markdown/render-markdown.server";

describe("the code samples the render worker warms up on", () => {
  test("are the first block of each language, the most used language first", () => {
    const samples = codeSamples([
      "# A\n\n```ts\nconst first = 1;\n```\n\n```py\nprint(1)\n```\n",
      "```ts title=\"b.ts\"\nconst second = 2;\n```\n\n~~~ Python\nprint(2)\n~~~\n\n```py\nprint(3)\n```\n\n```ts\nlet third;\n```\n",
    ]);
    expect(samples).toEqual([
      { language: "ts", code: "const first = 1;" },
      { language: "py", code: "print(1)" },
      { language: "python", code: "print(2)" },
    ]);
  });

  test("read fences as Markdown does: a longer or indented closing fence, braces, no fence inside inline code", () => {
    const samples = codeSamples([
      "````md\n```js\nnot a fence of its own\n```\n`````\n",
      "  ``` {.rust}\n  fn main() {}\n  ```\n",
      "Inline ```js `x` ``` is not a block.\n",
    ]);
    expect(samples).toEqual([
      { language: "md", code: "```js\nnot a fence of its own\n```" },
      { language: "rust", code: "  fn main() {}" },
    ]);
  });

  test("are cut at a line end after 2,000 characters", () => {
    const line = "x".repeat(99);
    const [sample] = codeSamples([`\`\`\`js\n${`${line}\n`.repeat(100)}\`\`\`\n`]);
    expect(sample!.code.length).toBeLessThanOrEqual(2_000);
    expect(sample!.code.length).toBeGreaterThan(1_800);
    expect(sample!.code.split("\n").every((cut) => cut === line)).toBe(true);
  });

  test("render as one code block of their language, whatever backticks they hold", async () => {
    const code = "const a = 1;\n```\n````\nconst b = 2;";
    const { html } = await renderMarkdown(sampleDocument({ language: "ts", code }), { relativePath: "warm-up.md", resolveUrl: () => null });
    expect(html.match(/<pre/g)).toHaveLength(1);
    expect(/<code>([\s\S]*)<\/code>/.exec(html)![1]!.split("\n")).toHaveLength(4);
    expect(html).toContain(">````</span>");
    expect(html).toContain('<span class="tk2">const</span><span class="tk3"> a</span>');
    expect(html).not.toContain("<p>");
  }, 60_000);
});
