import { describe, expect, it } from "vitest";
import { render } from "../__fixtures__/read-fixture";

const resolveUrl = (url: string, kind: "link" | "image") => (url.startsWith("http") || url.startsWith("#") ? null : `/resolved/${kind}/${url}`);

describe("links and images", () => {
  it("resolves links and images from Markdown and from raw HTML", async () => {
    const { html } = await render(
      '[guide](setup.md) ![map](img/map.png) <a href="other.md">raw</a> <img src="raw.png" alt="">\n\n<video src="clip.mp4" poster="still.png"></video>\n\n<audio src="sound.mp3"></audio>\n\n<picture><source srcset="a.webp 1x, b.webp 2x"><img src="c.png" srcset="c.png 480w, d.png 800w" alt=""></picture>',
      resolveUrl,
    );
    expect(html).toContain('<a href="/resolved/link/setup.md">guide</a>');
    expect(html).toContain('src="/resolved/image/img/map.png"');
    expect(html).toContain('<a href="/resolved/link/other.md">raw</a>');
    expect(html).toContain('src="/resolved/image/raw.png"');
    expect(html).toContain('<video src="/resolved/image/clip.mp4" poster="/resolved/image/still.png">');
    expect(html).toContain('<audio src="/resolved/image/sound.mp3">');
    expect(html).toContain('<source srcset="/resolved/image/a.webp 1x, /resolved/image/b.webp 2x">');
    expect(html).toContain('srcset="/resolved/image/c.png 480w, /resolved/image/d.png 800w"');
  });

  it("leaves a URL as written when the resolver returns null", async () => {
    const { html } = await render("[site](https://example.com/a) [here](#top)", resolveUrl);
    expect(html).toContain('<a href="https://example.com/a">site</a>');
    expect(html).toContain('<a href="#top">here</a>');
  });

  it("never lets a resolver see a javascript: URL", async () => {
    const seen: string[] = [];
    await render('[x](javascript:alert(1)) <a href="javascript:alert(2)">y</a>', (url) => {
      seen.push(url);
      return null;
    });
    expect(seen).toEqual([]);
  });

  it("loads the first image eagerly and the others lazily, all decoding off the main thread", async () => {
    const { html } = await render("![one](1.png)\n\n![two](2.png)\n\n<img src=\"3.png\" width=\"40\" height=\"30\" alt=\"three\">");
    expect(html).toContain('<img src="1.png" alt="one" decoding="async">');
    expect(html).toContain('<img src="2.png" alt="two" decoding="async" loading="lazy">');
    expect(html).toContain('<img src="3.png" width="40" height="30" alt="three" decoding="async" loading="lazy">');
  });
});
