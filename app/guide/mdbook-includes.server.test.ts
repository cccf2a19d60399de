import { describe, expect, it } from "vitest";
import { expandIncludes, MAX_EXPANDED_CHARACTERS, selectLines } from "./mdbook-includes.server";

// The folder's publishable files, as the guide hands them to the expander.
const files = new Map([
  [
    "listings/paddle.rs",
    [
      "/* ANCHOR: all */",
      "use engine::System;",
      "",
      "// ANCHOR: component",
      "struct Paddle {",
      "    speed: f32,",
      "}",
      "// ANCHOR_END: component",
      "",
      "fn main() {}",
      "/* ANCHOR_END: all */",
      "",
    ].join("\n"),
  ],
  ["listings/numbers.txt", "one\ntwo\nthree\nfour\nfive\n"],
  ["chapter/part.md", "Included *prose*, with its own link: {{#include ../listings/numbers.txt:2}}"],
  ["loop.md", "again {{#include loop.md}}"],
]);
const reads: string[] = [];
const read = async (relativePath: string) => {
  reads.push(relativePath);
  return files.get(relativePath) ?? null;
};
const expand = (markdown: string, from = "chapter/page.md") => expandIncludes(markdown, from, read);

describe("mdBook's {{#include}}", () => {
  it("includes a whole file relative to the page, without its anchor marks", async () => {
    const { markdown, missing } = await expand("```rust\n{{#include ../listings/paddle.rs}}\n```");
    expect(markdown).toBe("```rust\nuse engine::System;\n\nstruct Paddle {\n    speed: f32,\n}\n\nfn main() {}\n```");
    expect(missing).toEqual([]);
  });

  it.each([
    ["2", ["two"]],
    [":2", ["one", "two"]],
    ["4:", ["four", "five"]],
    ["2:3", ["two", "three"]],
    ["9", []],
  ])("takes the lines %j names, counted from 1", (selector, expected) => {
    expect(selectLines(["one", "two", "three", "four", "five"], selector)).toEqual(expected);
  });

  it("takes the lines between ANCHOR and ANCHOR_END, leaving out marks of other anchors", async () => {
    expect((await expand("{{#include ../listings/paddle.rs:component}}")).markdown).toBe("struct Paddle {\n    speed: f32,\n}");
    expect((await expand("{{#include ../listings/paddle.rs:all}}")).markdown).not.toMatch(/ANCHOR/);
  });

  it("hides what rustdoc_include does not name behind `# `, for Rust blocks to hide", async () => {
    const { markdown } = await expand("{{#rustdoc_include ../listings/paddle.rs:component}}");
    expect(markdown.split("\n")).toEqual(["# use engine::System;", "# ", "struct Paddle {", "    speed: f32,", "}", "# ", "# fn main() {}"]);
  });

  it("turns {{#playground}} into a Rust block with its attributes, and removes {{#title}}", async () => {
    const { markdown } = await expand("{{#title Paddles}}\n{{#playground ../listings/paddle.rs:component editable}}");
    expect(markdown).toBe("\n```rust,editable\nstruct Paddle {\n    speed: f32,\n}\n```");
  });

  it("expands an included file's own includes relative to it, and stops a file that includes itself", async () => {
    expect((await expand("{{#include part.md}}")).markdown).toBe("Included *prose*, with its own link: two");
    const looped = await expand("{{#include loop.md}}", "index.md");
    expect(looped.markdown.match(/again/g)).toHaveLength(10);
    expect(looped.markdown).toMatch(/again \{\{#include loop\.md\}\}$/);
  });

  it("keeps an escaped link as text, without its backslash, and other {{…}} untouched", async () => {
    const { markdown } = await expand("Write \\{{#include file.rs}} to include; {{ vue }} and {{#unknown x}} stay.");
    expect(markdown).toBe("Write {{#include file.rs}} to include; {{ vue }} and {{#unknown x}} stay.");
  });

  it("never asks for a file above the folder or by an absolute path, and reports what it could not include", async () => {
    reads.length = 0;
    const { markdown, missing } = await expand("{{#include ../../secret.rs}}\n{{#include /etc/passwd}}\n{{#include ../listings/gone.rs:2}}");
    expect(reads).toEqual(["listings/gone.rs"]);
    expect(markdown).toBe("{{#include ../../secret.rs}}\n{{#include /etc/passwd}}\n{{#include ../listings/gone.rs:2}}");
    expect(missing).toEqual(["../../secret.rs", "/etc/passwd", "../listings/gone.rs:2"]);
  });

  it("stops including once a page would pass the size of a page", async () => {
    const big = "x".repeat(MAX_EXPANDED_CHARACTERS / 2 + 1);
    const { markdown } = await expandIncludes("{{#include big.txt}}|{{#include big.txt}}|{{#include big.txt}}", "index.md", async () => big);
    expect(markdown).toBe(`${big}|{{#include big.txt}}|{{#include big.txt}}`);
  });
});
