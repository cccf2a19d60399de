import { describe, expect, it } from "vitest";
import { codeText } from "../__fixtures__/read-fixture";

describe("hidden lines in Rust examples", () => {
  it("hides `# ` lines and lone `#` in a Rust block, mdBook's ```rust,ignore included", async () => {
    const markdown = "```rust,ignore\n# use std::io;\n# fn main() {\nlet x = 1;\n    # let hidden = 2;\n#\n# }\n```";
    expect(await codeText(markdown)).toBe("let x = 1;");
  });

  it("keeps attributes and shows `##` as one `#`", async () => {
    const markdown = '```rust\n#[derive(Debug)]\n#![allow(unused)]\nlet s = r"\n## heading\n";\n```';
    expect(await codeText(markdown)).toBe('#[derive(Debug)] ⏎ #![allow(unused)] ⏎ let s = r" ⏎ # heading ⏎ ";');
  });

  it("leaves `# ` lines of other languages alone", async () => {
    expect(await codeText("```sh\n# a comment\nls\n```")).toBe("# a comment ⏎ ls");
  });
});
