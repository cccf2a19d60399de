import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CompleteGuide } from "./background-completion.server";
import type { Guide } from "./guide";
import { loadGuide } from "./load-guide.server";

// A stand-in renderer that only rewrites Markdown links and images through
// the context, so these tests see what loadGuide does with the answers,
// whatever the real renderer supports today.
const leadingTitle = vi.hoisted(() => (markdown: string) => /^# (.+)$/m.exec(markdown)?.[1] ?? null);
vi.mock("../load/read-leading-title.server", () => ({ readLeadingTitle: leadingTitle }));
vi.mock("../render/markdown/render-markdown.server", () => {
  return {
    renderMarkdown: async (
      markdown: string,
      context: { resolveUrl(url: string, kind: "link" | "image"): string | null; title?: (leading: string | null) => string | null },
    ) => {
      const title = leadingTitle(markdown);
      context.title?.(title);
      return {
        html: markdown.replace(/(!?)\[([^\]]*)\]\(([^)]*)\)/g, (_all, bang: string, text: string, url: string) => {
          const resolved = context.resolveUrl(url, bang ? "image" : "link");
          return `${bang}[${text}](${resolved ?? url})`;
        }),
        title,
        titleId: null,
        firstParagraph: null,
        headings: [],
        // What search reads: nothing these tests look at.
        tree: { type: "root", children: [] },
      };
    },
  };
});

describe("links between the pages and files of a folder", () => {
  let guide: Guide;
  let complete: CompleteGuide;
  const warnings: string[] = [];
  const htmlOf = async (slug: string) => (await guide.render(guide.findPage(slug)!)).html;
  beforeAll(async () => {
    guide = await loadGuide(path.join(import.meta.dirname, "__fixtures__", "links"), { sitePaths: ["/appearance"], warn: (message) => warnings.push(message) });
    complete = await guide.complete();
  });

  it("rewrites links to pages and images to versioned file URLs", async () => {
    const html = await htmlOf("");
    expect(html).toContain("[Start](/guide/guide/start)");
    expect(html).toContain("[options](/guide/guide/options#port)");
    expect(html).toMatch(/!\[logo\]\(\/guide-files\/public\/logo\.svg\?v=[\w-]+\)/);
    expect(await htmlOf("guide/start")).toContain("[Back](/guide)");
  });

  it("leaves other sites and this site's own pages as written, without reporting them", async () => {
    expect(await htmlOf("")).toContain("[elsewhere](https://example.com/x.md)");
    expect(await htmlOf("")).toContain("[appearance](/appearance)");
  });

  it("collects every link and image that leads nowhere, in reading order, left as written", async () => {
    expect(complete.brokenLinks).toEqual([
      { from: "index.md", href: "./gone.md" },
      { from: "guide/options.md", href: "1.md" },
      { from: "guide/options.md", href: "2.md" },
      { from: "guide/options.md", href: "3.md" },
      { from: "guide/start.md", href: "../missing/" },
      { from: "guide/start.md", href: "images/lost.png" },
    ]);
    expect(await htmlOf("")).toContain("[gone](./gone.md)");
  });

  it("warns once every page is rendered, with the count and the first few", () => {
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^6 links lead nowhere in .*links and are left as written: index\.md → \.\/gone\.md, guide\/options\.md → 1\.md, .*, and 1 more$/);
  });
});
