import { describe, expect, it } from "vitest";
import { render, textOf } from "../__fixtures__/read-fixture";
import { hasDiagrams } from "../diagram";

const FLOW = "flowchart LR\n  Draft --> Review --> Publish";

describe("Mermaid diagrams", () => {
  it("makes a ```mermaid fence a figure that holds its source as plain code, which marks the page as having a diagram", async () => {
    const { html } = await render(`Before.\n\n\`\`\`mermaid\n${FLOW}\n\`\`\`\n\nAfter.`);
    expect(html).toBe(`<p>Before.</p>\n<figure class="diagram" data-diagram="mermaid"><pre><code>${FLOW}</code></pre></figure>\n<p>After.</p>`);
    expect(hasDiagrams(html)).toBe(true);
  });

  it("reads the fence as MkDocs Material and mdBook write it too, and shows its title as the figure's caption", async () => {
    for (const fence of ["``` mermaid", "``` { .mermaid }", "```mermaid,ignore", '```mermaid title="The review"']) {
      const { html } = await render(`${fence}\n${FLOW}\n\`\`\``);
      expect(html, fence).toMatch(/^<figure class="diagram" data-diagram="mermaid">(?:<figcaption>The review<\/figcaption>)?<pre><code>flowchart LR/);
    }
    expect((await render('```mermaid title="The review"\nflowchart LR\n```')).html).toBe(
      '<figure class="diagram" data-diagram="mermaid"><figcaption>The review</figcaption><pre><code>flowchart LR</code></pre></figure>',
    );
  });

  it("keeps the source as text: markup in it is escaped, never an element", async () => {
    const { html } = await render('```mermaid\nflowchart LR\n  A["<img src=x onerror=alert(1)> & <b>bold</b>"] --> B\n```');
    expect(html).not.toMatch(/<(?:img|b)\b/);
    expect(html).toContain("A[\"&#x3C;img src=x onerror=alert(1)> &#x26; &#x3C;b>bold&#x3C;/b>\"]");
    expect(textOf(html)).toBe('flowchart LR A["<img src=x onerror=alert(1)> & <b>bold</b>"] --> B');
  });

  it("leaves other fences as highlighted code blocks, and a page without a diagram unmarked", async () => {
    const { html } = await render("```ts\nconst mermaid = 1;\n```\n\n```\nflowchart LR\n```\n\nThe word `mermaid` in a sentence.");
    expect(html).toMatch(/^<div class="code-block"><pre class="shiki/);
    expect(html).toContain('<div class="code-block"><pre><code>flowchart LR\n</code></pre></div>');
    expect(html).not.toMatch(/diagram/);
    expect(hasDiagrams(html)).toBe(false);
  });

  it("lets no raw HTML write the diagram's markup: a forged figure is a plain one, and says nothing of a diagram", async () => {
    const { html } = await render(
      '<figure class="diagram" data-diagram="mermaid"><pre><code>flowchart LR</code></pre></figure>\n\n<div class="diagram-drawing" data-diagram>Drawn</div>\n\n<p>&lt;figure class="diagram" data-diagram="mermaid"&gt;</p>\n\n`<figure class="diagram" data-diagram="mermaid">`',
    );
    expect(html).not.toMatch(/<[^>]*\b(?:class="diagram|data-diagram)/);
    expect(hasDiagrams(html)).toBe(false);
  });

  it("takes raw HTML's own Mermaid code block for what it is, a fence, with its text only", async () => {
    const { html } = await render('<pre><code class="language-mermaid">flowchart LR\n  A --> <b onclick="x()">B</b></code></pre>');
    expect(html).toBe('<figure class="diagram" data-diagram="mermaid"><pre><code>flowchart LR\n  A --> B</code></pre></figure>');
  });
});
