import { describe, expect, it } from "vitest";
import { codeText } from "../__fixtures__/read-fixture";

describe("twoslash scaffolding", () => {
  it("hides what comes before `// ---cut---`, and the directives and query lines", async () => {
    const markdown = [
      "```ts twoslash",
      "// @noErrors",
      "import { defineConfig } from 'vite'",
      "// ---cut---",
      "// @errors: 2322",
      "export default defineConfig({})",
      "//             ^?",
      "const port: number = 3000",
      "//    ^^^^",
      "```",
    ].join("\n");
    expect(await codeText(markdown)).toBe("export default defineConfig({}) ⏎ const port: number = 3000");
  });

  it("hides what comes after `// ---cut-after---` and between `---cut-start---` and `---cut-end---`", async () => {
    const markdown = [
      "```ts twoslash",
      "const shown = 1",
      "// ---cut-start---",
      "declare const hidden: string",
      "// ---cut-end---",
      "const alsoShown = 2",
      "// ---cut-after---",
      "export {}",
      "```",
    ].join("\n");
    expect(await codeText(markdown)).toBe("const shown = 1 ⏎ const alsoShown = 2");
  });

  it("leaves code not marked twoslash as written, cut lines and all", async () => {
    expect(await codeText("```ts\nimport a from 'a'\n// ---cut---\nconst b = a\n```")).toBe("import a from 'a' ⏎ // ---cut--- ⏎ const b = a");
  });

  it("keeps an ordinary comment that mentions @ or ^", async () => {
    expect(await codeText("```ts twoslash\n// see @vite/client\nconst x = 2 ** 3 // 2^3\n```")).toBe("// see @vite/client ⏎ const x = 2 ** 3 // 2^3");
  });
});
