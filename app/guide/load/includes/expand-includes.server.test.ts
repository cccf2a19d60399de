import { describe, expect, it } from "vitest";
import { expandIncludes } from "./expand-includes.server";
import { MAX_EXPANDED_CHARACTERS } from "./include-expansion.server";
import { selectLines } from "./select-lines.server";

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
  [
    "snippets/config.ts",
    ["import { defineConfig } from 'tool';", "", "export default defineConfig({", "  // #region server", "  server: {", "    port: 8080,", "  },", "  // #endregion server", "});"].join("\n"),
  ],
  ["includes/notice.md", "!!! note\n    Mind the tide.\n\n    --8<-- \"includes/inner.md\""],
  ["includes/inner.md", "Inner words."],
  [
    "scripts/tide.py",
    ["import tide", "", "# --8<-- [start:predict]", "def predict(day):", "    return tide.at(day)", "# --8<-- [end:predict]", "", "print(predict(1))"].join("\n"),
  ],
  [
    "chapter/_parts/setup.md",
    [
      "---",
      "title: Not shown",
      "---",
      "Install it first.",
      "",
      "## Configure it {#configure}",
      "",
      "Edit the file.",
      "",
      "### Ports",
      "",
      "Pick one.",
      "",
      "## Run it",
      "",
      "<!-- #region run -->",
      "Start the server.",
      "<!-- #endregion run -->",
    ].join("\n"),
  ],
]);
// Docusaurus partials: MDX, with front matter and a partial of their own.
files.set("chapter/_shared/_requirements.mdx", "---\nsidebar_label: hidden\n---\nimport Versions from './_versions.md';\n\nYou need a database.\n\n<Versions />");
files.set("chapter/_shared/_versions.md", "Node.js 22 or newer.");
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

  it("expands an included file's own includes relative to it, and stops a file that includes itself, saying where", async () => {
    const nested = await expand("{{#include part.md}}");
    expect(nested.markdown).toBe("Included *prose*, with its own link: two");
    expect(nested.pastLimit).toBeNull();
    const looped = await expand("{{#include loop.md}}", "index.md");
    expect(looped.markdown.match(/again/g)).toHaveLength(10);
    expect(looped.markdown).toMatch(/again \{\{#include loop\.md\}\}$/);
    expect(looped.pastLimit).toBe("loop.md");
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

  it("stops reading once a page's includes multiply past its budget, in every tool's syntax, leaving the rest as written and saying from which", async () => {
    // Each file includes the next five times, ten deep: 5^10 reads, were each read.
    const syntaxes = [(file: string) => `{{#include ${file}}}`, (file: string) => `<!--@include: ./${file}-->`, (file: string) => `--8<-- "${file}"`];
    for (const include of syntaxes) {
      let reads = 0;
      const read = async (relativePath: string) => {
        reads++;
        const level = Number(/\d+/.exec(relativePath)![0]);
        return level >= 10 ? "leaf" : Array.from({ length: 5 }, () => include(`level${level + 1}.md`)).join("\n");
      };
      const { markdown, missing, pastLimit } = await expandIncludes(Array.from({ length: 5 }, () => include("level1.md")).join("\n"), "index.md", read);
      expect(reads).toBeLessThan(2_100);
      expect(markdown).toContain(include("level1.md"));
      expect(missing).toEqual([]);
      expect(pastLimit).toMatch(/^(\.\/)?level\d+\.md$/);
    }
  });

  it("stops including once a page would pass the size of a page, saying from which include", async () => {
    const big = "x".repeat(MAX_EXPANDED_CHARACTERS / 2 + 1);
    const { markdown, pastLimit } = await expandIncludes("{{#include big.txt}}|{{#include big.txt}}|{{#include big.txt}}", "index.md", async () => big);
    expect(markdown).toBe(`${big}|{{#include big.txt}}|{{#include big.txt}}`);
    expect(pastLimit).toBe("{{#include big.txt}}");
    // A page within its limit says nothing of it.
    expect((await expandIncludes("{{#include big.txt}}", "index.md", async () => big)).pastLimit).toBeNull();
  });
});

describe("VitePress' <!--@include--> and <<< snippets", () => {
  it("includes a Markdown part relative to the page, without its front matter", async () => {
    const { markdown } = await expand("Before\n\n<!--@include: ./_parts/setup.md{1,1}-->\n\nAfter");
    expect(markdown).toBe("Before\n\nInstall it first.\n\nAfter");
  });

  it("takes a line range, a #region, or the section under a heading by its id", async () => {
    expect((await expand("<!--@include: ./_parts/setup.md{,3}-->")).markdown).toBe("Install it first.\n\n## Configure it {#configure}");
    expect((await expand("<!--@include: ./_parts/setup.md#run-->")).markdown).toBe("Start the server.");
    expect((await expand("<!--@include: ./_parts/setup.md#configure-->")).markdown).toBe("\nEdit the file.\n\n### Ports\n\nPick one.\n");
    expect((await expand("<!--@include: ./_parts/setup.md#run-it{1,1}-->")).markdown).toBe("");
  });

  it("reads @/ from the folder's root", async () => {
    expect((await expand("<!--@include: @/chapter/_parts/setup.md{1,1}-->", "other/deep/page.md")).markdown).toBe("Install it first.");
  });

  it("turns a <<< line into a code block with the file's language, its name as title, and its highlighted lines", async () => {
    const { markdown } = await expand("<<< @/snippets/config.ts{3}");
    expect(markdown.split("\n")[0]).toBe("```ts [config.ts] {3}");
    expect(markdown).toContain("export default defineConfig({\n  server: {");
    expect(markdown).not.toContain("#region");
  });

  it("takes a <<< region, dedented, with a language and title of its own", async () => {
    const { markdown } = await expand("<<< ../snippets/config.ts#server{1 js:line-numbers} [Server options]");
    expect(markdown).toBe("```js [Server options] {1}\nserver: {\n  port: 8080,\n},\n```");
  });

  it("leaves both inside a code block as examples, and reports a snippet that is not in the folder", async () => {
    const example = "```md\n<<< @/snippets/config.ts\n<!--@include: @/chapter/_parts/setup.md-->\n```";
    expect((await expand(example)).markdown).toBe(example);
    const { markdown, missing } = await expand("<<< ../../outside.ts\n\n<!--@include: /etc/passwd-->");
    expect(markdown).toBe("<<< ../../outside.ts\n\n<!--@include: /etc/passwd-->");
    expect(missing).toEqual(["../../outside.ts", "/etc/passwd"]);
  });
});

describe("MkDocs' --8<-- snippets", () => {
  it("puts a file in place of its snippet line, from the project's root, indented as the line is", async () => {
    const { markdown } = await expand('Before\n\n    --8<-- "includes/inner.md"\n\nAfter');
    expect(markdown).toBe("Before\n\n    Inner words.\n\nAfter");
  });

  it("expands snippets inside code blocks and inside included files", async () => {
    expect((await expand('```py\n--8<-- "scripts/tide.py:predict"\n```')).markdown).toBe("```py\ndef predict(day):\n    return tide.at(day)\n```");
    expect((await expand('--8<-- "includes/notice.md"')).markdown).toBe("!!! note\n    Mind the tide.\n\n    Inner words.");
  });

  it("takes lines by :start:end, :start or ::end, counted from 1", async () => {
    expect((await expand('--8<-- "scripts/tide.py:4:5"')).markdown).toBe("def predict(day):\n    return tide.at(day)");
    expect((await expand('--8<-- "scripts/tide.py:8"')).markdown).toBe("print(predict(1))");
    expect((await expand('--8<-- "scripts/tide.py::1"')).markdown).toBe("import tide");
  });

  it("reads a block of paths, skipping ;-commented ones", async () => {
    const { markdown } = await expand('--8<--\nincludes/inner.md\n;includes/missing.md\nscripts/tide.py:1:1\n--8<--');
    expect(markdown).toBe("Inner words.\nimport tide");
  });

  it("drops the folder's own place in the repository from a path written from the project's root", async () => {
    const { markdown } = await expandIncludes('--8<-- "docs/includes/inner.md"', "page.md", read, { repositoryPaths: ["docs"] });
    expect(markdown).toBe("Inner words.");
  });

  it("leaves a block of snippets that would pass a page's size as written, however many lines its files hold", async () => {
    // 200,000 short lines a file: six of them pass the limit, and so many
    // lines at once once overflowed the call stack when they were appended.
    const longFile = "x\n".repeat(200_000);
    const readLong = async (relativePath: string) => (relativePath === "long.md" ? longFile : null);
    const block = `--8<--\n${"long.md\n".repeat(6)}--8<--`;
    const { markdown } = await expandIncludes(block, "page.md", readLong);
    expect(markdown).toBe(block);
  });

  it("reads snippet lines of a page written with Windows line endings", async () => {
    expect((await expand('Before\r\n--8<-- "includes/inner.md"\r\n<<< @/snippets/config.ts#server\r\nAfter')).markdown).toBe(
      "Before\nInner words.\n```ts [config.ts]\nserver: {\n  port: 8080,\n},\n```\nAfter",
    );
  });

  it("keeps an escaped snippet line without its first ;, and reports one that is not in the folder", async () => {
    expect((await expand(';--8<-- "includes/inner.md"')).markdown).toBe('--8<-- "includes/inner.md"');
    const { markdown, missing } = await expand('--8<-- "../secrets.md"');
    expect(markdown).toBe('--8<-- "../secrets.md"');
    expect(missing).toEqual(["../secrets.md"]);
  });
});

describe("Docusaurus' imported MDX partials", () => {
  it("puts the part's Markdown where its component stands, without front matter, its own partials expanded", async () => {
    const page = "import Requirements from './_shared/_requirements.mdx';\n\n# Install\n\n<Requirements />\n\nThen run it.";
    const { markdown } = await expand(page);
    expect(markdown).toBe(
      "import Requirements from './_shared/_requirements.mdx';\n\n# Install\n\nimport Versions from './_versions.md';\n\nYou need a database.\n\nNode.js 22 or newer.\n\nThen run it.",
    );
  });

  it("takes a component with props or written twice, and leaves others, inline uses and code alone", async () => {
    const page = [
      'import Versions from "./_shared/_versions.md"',
      "import Tabs from '@theme/Tabs';",
      "",
      '<Versions kind="short" />',
      "<Tabs />",
      "Inline <Versions /> stays.",
      "```mdx",
      "<Versions />",
      "```",
      "  <Versions/>",
    ].join("\n");
    const lines = (await expand(page)).markdown.split("\n");
    expect(lines.slice(3)).toEqual(["Node.js 22 or newer.", "<Tabs />", "Inline <Versions /> stays.", "```mdx", "<Versions />", "```", "Node.js 22 or newer."]);
  });

  it("reports a partial that is not in the folder and leaves its component as written", async () => {
    const { markdown, missing } = await expand("import Gone from '../../outside/_gone.mdx';\n\n<Gone />");
    expect(markdown).toBe("import Gone from '../../outside/_gone.mdx';\n\n<Gone />");
    expect(missing).toEqual(["../../outside/_gone.mdx"]);
  });
});
