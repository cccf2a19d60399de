import { describe, expect, it } from "vitest";
import { render, textOf } from "../__fixtures__/read-fixture";
import { isMath, MAX_FORMULAS_PER_PAGE } from "./remark-math-delimiters";

/** The TeX of each formula in the HTML, as KaTeX keeps it, with whether it is drawn on its own line. */
function formulas(html: string): { tex: string; display: boolean }[] {
  return [...html.matchAll(/<math [^>]*?(display="block")?>.*?<annotation encoding="application\/x-tex">(.*?)<\/annotation>/gs)].map(
    (match) => ({ tex: match[2]!.trim(), display: Boolean(match[1]) }),
  );
}

describe("formulas", () => {
  it("draws $…$ in a sentence as inline MathML, keeping the TeX as its annotation", async () => {
    const { html } = await render("When $a \\ne 0$, there are two.");
    expect(html).toMatch(/^<p>When <span class="katex"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics><mrow><mi>a<\/mi><mo mathvariant="normal">≠<\/mo><mn>0<\/mn><\/mrow>/);
    expect(formulas(html)).toEqual([{ tex: "a \\ne 0", display: false }]);
    expect(html).not.toContain("$");
  });

  it("draws a $$ block, a ```math fence and a paragraph that is only $$…$$ on lines of their own, as focusable scrolling boxes", async () => {
    const { html } = await render("$$\nx = \\frac{1}{2}\n$$\n\n```math\ny^2\n```\n\n$$\\sum_k a_k$$\n\nA sentence with $$z$$ inside.");
    expect(formulas(html)).toEqual([
      { tex: "x = \\frac{1}{2}", display: true },
      { tex: "y^2", display: true },
      { tex: "\\sum_k a_k", display: true },
      { tex: "z", display: false },
    ]);
    expect(html.match(/<figure class="math-display" tabindex="0"><math [^>]*display="block">/g)).toHaveLength(3);
    // A math fence is a formula, not a code block.
    expect(html).not.toContain("<pre");
  });

  it("keeps dollar amounts as words, by Pandoc's rule, with the Markdown between them intact", async () => {
    const { html } = await render("From $5 to $10. Costs $5 **per** $6 run. Tiers: $3-$4. Alone: $7.");
    expect(formulas(html)).toEqual([]);
    expect(html).toBe("<p>From $5 to $10. Costs $5 <strong>per</strong> $6 run. Tiers: $3-$4. Alone: $7.</p>");
  });

  it("loses no text when an amount comes before a formula in the same paragraph", async () => {
    // The amount's dollar opens what remark-math reads as math; the rule gives the sentence back as written.
    const { html } = await render("It costs $5, and $x^2$ grows.");
    expect(html).toBe("<p>It costs $5, and $x^2$ grows.</p>");
  });

  it("leaves dollars in code, and escaped dollars, alone", async () => {
    const { html } = await render("Run `echo $HOME $PATH` or write \\$x\\$.\n\n```sh\necho $$ $x$\n```");
    expect(formulas(html)).toEqual([]);
    expect(textOf(html)).toContain("echo $HOME $PATH");
    expect(textOf(html)).toContain("write $x$.");
  });

  it("draws formulas inside MkDocs admonitions and headings; a heading's id and contents entry read its TeX, as on GitHub", async () => {
    const { html, headings } = await render("## The $O(n)$ case\n\n!!! note\n    Inside, $y^2$:\n\n    $$\n    z\n    $$\n");
    expect(formulas(html)).toEqual([
      { tex: "O(n)", display: false },
      { tex: "y^2", display: false },
      { tex: "z", display: true },
    ]);
    expect(headings).toEqual([{ depth: 2, id: "the-on-case", text: "The O(n) case" }]);
    expect(html).toMatch(/<div class="callout callout-note"[^>]*>.*<figure class="math-display"/s);
  });

  it("shows TeX it cannot draw as written, marked, with the error in its title and no inline colour", async () => {
    const { html } = await render("Broken: $\\frac{$ here.");
    expect(html).toMatch(/<span class="katex-error" title="ParseError: KaTeX parse error: [^"]+" style="color:inherit">\\frac\{<\/span>/);
  });

  it("never runs what the TeX asks for: links, HTML and styles are refused", async () => {
    const { html } = await render(
      "$\\href{javascript:alert(1)}{x}$ $\\url{https://example.com}$ $\\htmlClass{x}{y}$ $\\htmlStyle{color:red}{y}$ $\\includegraphics{x.png}$ $<script>alert(1)</script>$",
    );
    expect(html).not.toMatch(/<a\b|href=|<script|<img|class="x"|style="color:red"/);
    // What was asked for is only text: the commands shown by name, the TeX kept as the annotation.
    expect(html).not.toMatch(/="[^"]*javascript:/);
    expect(html).toContain("<mtext>\\href</mtext>");
  });
});

describe("formulas past the page's limit", () => {
  it(`draws the first ${MAX_FORMULAS_PER_PAGE} and shows the rest as TeX in code`, async () => {
    const inline = Array.from({ length: MAX_FORMULAS_PER_PAGE - 1 }, (_, index) => `$x_{${index}}$`).join(" ");
    const { html } = await render(`${inline}\n\n$$\nlast = 1\n$$\n\nThen $y^2$ and\n\n\`\`\`math\nz\n\`\`\``);
    expect(formulas(html)).toHaveLength(MAX_FORMULAS_PER_PAGE);
    expect(formulas(html).at(-1)).toEqual({ tex: "last = 1", display: true });
    expect(html).toContain("<p>Then <code>y^2</code> and</p>");
    expect(html).toMatch(/<pre class="shiki[^"]*"[^>]*><code>(?:<span[^>]*>)?z/);
  });
});

describe("Pandoc's dollar rule", () => {
  it.each([
    ["$x$", " ", true],
    ["$a \\ne 0$", ",", true],
    ["$ x$", " ", false],
    ["$x $", " ", false],
    ["$5 to $", "1", false],
    ["$5-$", "1", false],
    ["$$ x $$", "1", true],
  ])("%s followed by %j is math: %s", (written, next, expected) => {
    expect(isMath(written, next)).toBe(expected);
  });
});

describe("mdBook's MathJax delimiters", () => {
  it("draws \\\\( … \\\\) in a sentence inline and a paragraph that is only \\\\[ … \\\\] on its own line", async () => {
    const { html } = await render("The mean \\\\( \\mu = \\frac{1}{N} \\\\) of it.\n\n\\\\[ \\sum_{i=0}^{N} x_i \\\\]\n\nInline \\\\[ y \\\\] here.");
    expect(formulas(html)).toEqual([
      { tex: "\\mu = \\frac{1}{N}", display: false },
      { tex: "\\sum_{i=0}^{N} x_i", display: true },
      { tex: "y", display: false },
    ]);
    expect(html).toContain("<p>The mean <span class=\"katex\">");
  });

  it("leaves a single backslash's parentheses, and code, alone", async () => {
    const { html } = await render("Plain \\(x\\) stays, as does `\\\\(y\\\\)`.");
    expect(formulas(html)).toEqual([]);
    expect(html).toBe("<p>Plain (x) stays, as does <code>\\\\(y\\\\)</code>.</p>");
  });
});
