import type { Element } from "hast";
import { fromHtml } from "hast-util-from-html";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { render } from "../__fixtures__/read-fixture";

describe("abbreviations (*[HTML]: …)", () => {
  it("marks every whole-word use with <abbr title>, and does not show the definitions", async () => {
    const { html } = await render(
      "The HTML and CSS of each page; HTML5 too, but not HTMLish.\n\n*[HTML]: Hyper Text Markup Language\n*[HTML5]: The fifth version of HTML\n*[CSS]: Cascading Style Sheets",
    );
    expect(html).toBe(
      '<p>The <abbr title="Hyper Text Markup Language">HTML</abbr> and <abbr title="Cascading Style Sheets">CSS</abbr> of each page; <abbr title="The fifth version of HTML">HTML5</abbr> too, but not HTMLish.</p>',
    );
  });

  it("marks terms in headings, emphasis and links, never in code", async () => {
    const { html } = await render("## About the API\n\n*Call the API* or [the API docs](api.md), not `API`.\n\n*[API]: Application Programming Interface");
    expect(html.match(/<abbr title="Application Programming Interface">API<\/abbr>/g)).toHaveLength(3);
    expect(html).toContain("<code>API</code>");
    expect(html).toContain('<h2 id="about-the-api">');
  });

  it("keeps a definition line shown inside code, and a meaning's markup as text", async () => {
    const { html } = await render('```md\n*[HTML]: Hyper Text\n```\n\nAn XSS.\n\n*[XSS]: <script>alert(1)</script>"onmouseover="x');
    expect(html).toMatch(/<code>\*\[(?:<span[^>]*>)?HTML(?:<\/span>)?\]: Hyper Text<\/code>/);
    expect(html).toContain('<abbr title="<script>alert(1)</script>&#x22;onmouseover=&#x22;x">XSS</abbr>');
    // Inside a quoted attribute, "<script>" is text: the page parses to one <abbr> with one attribute and no script.
    const tree = fromHtml(html, { fragment: true });
    const elements: Element[] = [];
    visit(tree, "element", (node: Element) => void elements.push(node));
    expect(elements.map((element) => element.tagName)).not.toContain("script");
    expect(Object.keys(elements.find((element) => element.tagName === "abbr")!.properties)).toEqual(["title"]);
  });
});
