import { describe, expect, it } from "vitest";
import { plainTextPage } from "./plain-text-page.server";

const job = {
  relativePath: "huge.md",
  url: "/guide/huge",
  markdown: "# Huge\n\nSome `code` and <script>alert(1)</script> & <img src=x onerror=alert(2)>\n",
  title: "Huge",
  description: null,
  home: null,
};

describe("a page shown as plain text", () => {
  it("says so, then shows the file's text as written, every character escaped", () => {
    const { html } = plainTextPage(job, "overran");
    expect(html).toMatch(/^<div class="callout callout-warning" role="note"><p class="callout-title">Shown as plain text<\/p>/);
    expect(html).toContain("could not be formatted in time, so its text");
    expect(html).toContain('<pre class="page-source"># Huge\n\nSome `code` and &#x3C;script>alert(1)&#x3C;/script> &#x26; &#x3C;img src=x onerror=alert(2)>\n</pre>');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
  });

  it("says only that it could not be formatted when the renderer failed on it, not that time ran out", () => {
    expect(plainTextPage(job, "failed").html).toContain("<p>This page could not be formatted, so its text is shown as it is written.</p>");
  });

  it("is found by search by its text, and has no sections or headings of its own", () => {
    const page = plainTextPage(job, "overran");
    expect(page.headings).toEqual([]);
    expect(page.sections).toHaveLength(1);
    expect(page.sections[0]!.url).toBe("/guide/huge");
    expect(page.sections[0]!.text).toContain("Some `code` and <script>alert(1)</script>");
  });
});
