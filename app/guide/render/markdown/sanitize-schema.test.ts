import { describe, expect, it } from "vitest";
import { render, renderFixture, textOf } from "./__fixtures__/read-fixture";

describe("raw HTML, sanitised like GitHub", () => {
  it("removes scripts, event handlers, javascript: URLs, frames, styles and forms", async () => {
    const { html } = await renderFixture("hostile.md");
    expect(html).not.toMatch(/<script|<style|<iframe|<form|<svg/i);
    // GitHub's rules keep an <input> only as a disabled checkbox (task lists).
    expect(html).toContain('<input name="user-content-password" disabled type="checkbox">');
    expect(html).not.toMatch(/\bon\w+=/i);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("alert(");
    expect(html).not.toContain("style=");
    expect(html).not.toContain("display: none");
  });

  it("keeps the text inside unknown and removed elements", async () => {
    const { html } = await renderFixture("hostile.md");
    for (const text of ["text inside an unknown tag", "styled div text", "svg label", "frame fallback", "click me", "markdown link"]) {
      expect(html).toContain(text);
    }
  });

  it("prefixes ids written in raw HTML, so they cannot clobber the page's globals", async () => {
    const { html } = await renderFixture("hostile.md");
    expect(html).toContain('<h2 id="user-content-location">');
  });

  it("lets <details>, <summary>, images and media through", async () => {
    const { html } = await render(
      '<details open><summary>More</summary>\n\nHidden.\n\n</details>\n\n<video src="demo.mp4" poster="demo.png" controls autoplay>Video text</video>\n\n<picture><source srcset="a.webp" type="image/webp"><img src="a.png" alt="A"></picture>',
    );
    expect(html).toContain("<details open><summary>More</summary>");
    expect(html).toContain('<video src="demo.mp4" poster="demo.png" controls>Video text</video>');
    expect(html).toContain('<source srcset="a.webp" type="image/webp">');
  });

  it("refuses our own classes' lookalikes only where they could hurt: none carry script", async () => {
    const { html } = await render('<div class="callout callout-tip evil" role="alert" aria-label="x">Spoof</div>');
    expect(html).toBe('<div class="callout callout-tip" aria-label="x">Spoof</div>');
  });

  describe("nothing written inside an element a reader never sees shows as text", () => {
    it.each([
      ["a script in SVG", "<svg><script>alert('svg')</script><text>shown</text></svg>"],
      ["Markdown inside a script in SVG", "Before <svg><script>*starred* `code` [link](u) **bold**</script></svg> shown"],
      ["a script in SVG split by blank lines", "<svg>\n<script>\nvar a = 1;\n\nhidden(a)\n\n</script>\n</svg>\n\nshown"],
      ["a script in MathML", "<math><mtext><script>hidden()</script></mtext><mi>shown</mi></math>"],
      ["a style in SVG", "<svg><style>.hidden { fill: red }</style><text>shown</text></svg>"],
      ["a noscript fallback", "<noscript>\n\nhidden fallback\n\n</noscript>\n\nshown"],
      ["a template", "<template>\n\nhidden template\n\n</template>\n\nshown"],
      ["noembed, noframes and title", "<noembed>hidden</noembed> <noframes>hidden</noframes> <svg><title>hidden</title></svg> shown"],
      ["a noscript holding a style", "<noscript><style>hidden{}</style>hidden</noscript> shown"],
      ["an element in a list item", "- <svg><script>*hidden*</script></svg> shown"],
    ])("%s", async (_name, markdown) => {
      const text = textOf((await render(markdown)).html);
      expect(text).not.toMatch(/hidden|alert|starred|code|link|bold/);
      expect(text).toContain("shown");
    });

    it("keeps the text of look-alike elements and of code that only names them", async () => {
      const text = textOf((await render("<scripted>kept one</scripted> <title-bar>kept two</title-bar> `<script>` kept three `</script>`")).html);
      expect(text).toContain("kept one");
      expect(text).toContain("kept two");
      expect(text).toContain("<script> kept three </script>");
    });
  });
});
