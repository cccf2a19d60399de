import { describe, expect, it } from "vitest";
import { render, renderFixture } from "../__fixtures__/read-fixture";
import { codeTitle } from "./rehype-code-blocks";
import { highlightedLineNumbers } from "../shiki/shiki-highlighted-lines";

describe("code blocks", () => {
  it("reads a title from title=, filename= and VitePress' [name]", () => {
    expect(codeTitle('title="app.ts" {1}')).toBe("app.ts");
    expect(codeTitle("filename=app.ts")).toBe("app.ts");
    expect(codeTitle("[app.ts]")).toBe("app.ts");
    expect(codeTitle("{1,2}")).toBeNull();
  });

  it("shows the title above the block as the figure's caption", async () => {
    const { html } = await renderFixture("code-fences.md");
    for (const title of ["server.ts", "install.sh", "settings.json", "mkdocs.yml"]) {
      expect(html).toContain(`<figure class="code-block"><figcaption class="code-title">${title}</figcaption><pre class="shiki`);
    }
  });

  it("reads highlighted lines in both spellings", () => {
    expect([...highlightedLineNumbers("{1,3-5}")]).toEqual([1, 3, 4, 5]);
    expect([...highlightedLineNumbers('title="x" hl_lines="2 3"')]).toEqual([2, 3]);
    expect([...highlightedLineNumbers('hl_lines="2-3"')]).toEqual([2, 3]);
    expect(highlightedLineNumbers("[app.ts]").size).toBe(0);
  });

  it("marks highlighted lines from meta and from `// [!code highlight]`, removing the notation", async () => {
    const { html } = await render('```ts {2}\nlet a = 1\nlet b = 2\n```\n\n```py hl_lines="1"\nx = 1\n```\n\n```js\nrun() // [!code highlight]\n```');
    const lines = [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].flatMap((match) => match[1]!.split("\n"));
    const text = (line: string) => line.replace(/<[^>]+>/g, "").trim();
    expect(lines.filter((line) => line.startsWith('<span class="line highlighted">')).map(text)).toEqual(["let b = 2", "x = 1", "run()"]);
    expect(lines.filter((line) => !line.startsWith("<span class=\"line")).map(text)).toEqual(["let a = 1"]);
    expect(html).not.toContain("[!code");
  });

  it("colours mdBook's `rust,ignore` and MkDocs' `{ .yaml }` fences by their language", async () => {
    const { html } = await renderFixture("code-fences.md");
    expect(html).toMatch(/<span class="tk\d+">fn<\/span>/);
    expect(html).toMatch(/<span class="tk\d+">site_name<\/span>/);
  });

  it("reads VitePress' highlighted lines glued to the language (```ts{2}) as it reads them after a space", async () => {
    const code = "\nconst a = 1\nconst b = 2\n```";
    const glued = await render("```ts{2}" + code);
    expect(glued.html).toBe((await render("```ts {2}" + code)).html);
    expect(glued.html).toMatch(/<span class="tk\d+">const<\/span>/);
    expect(glued.html).toMatch(/<span class="line highlighted"><span class="tk\d+">const<\/span><span class="tk\d+"> b<\/span>/);
  });

  it("colours and titles VitePress' ```ts{1} [file.ts], and reads :line-numbers on either side of the braces", async () => {
    const code = "\nconst a = 1\n```";
    const titled = await render("```ts{1} [file.ts]" + code);
    expect(titled.html).toBe((await render("```ts {1} [file.ts]" + code)).html);
    expect(titled.html).toMatch(/<figcaption class="code-title">file.ts<\/figcaption><pre class="shiki has-highlighted" tabindex="0"><code><span class="line highlighted"><span class="tk\d+">const<\/span>/);
    const numbered = await render("```ts {1}" + code);
    for (const fence of ["```ts:line-numbers {1}", "```ts{1}:line-numbers", "```ts:line-numbers{1}"]) expect((await render(fence + code)).html).toBe(numbered.html);
  });

  it("labels a VitePress code group's tab by the language alone when the fence highlights lines", async () => {
    const { html } = await render("::: code-group\n\n```ts{1}\nconst a = 1\n```\n\n```js\nconst b = 2\n```\n\n:::");
    expect(html).toMatch(/role="tab"[^>]*>ts<\/button>/);
    expect(html).toContain("has-highlighted");
  });

  it("shows a fence in an unknown language as plain text", async () => {
    const { html } = await renderFixture("code-fences.md");
    expect(html).toContain('<pre class="shiki" tabindex="0"><code>this language does not exist</code></pre>');
  });

  it("wraps a line in an element only when the line has a class of its own", async () => {
    const { html } = await render("```ts {2}\nlet a = 1\nlet b = 2\nlet c = 3\n```");
    const code = /<code>([\s\S]*)<\/code>/.exec(html)![1]!;
    expect(code.split("\n")).toHaveLength(3);
    expect(code.split("\n").map((line) => line.startsWith('<span class="line'))).toEqual([false, true, false]);
    expect(code.replace(/<[^>]+>/g, "")).toBe("let a = 1\nlet b = 2\nlet c = 3");
  });

  it("wraps raw HTML <pre> in a code block too, so it gets a copy button", async () => {
    const { html } = await render("<pre>plain</pre>");
    expect(html).toBe('<div class="code-block"><pre>plain</pre></div>');
  });
});
