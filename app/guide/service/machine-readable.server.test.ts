import { describe, expect, it } from "vitest";
import { beginsWithTitle } from "./machine-readable.server";

describe("a page's Markdown, for whether its .md address heads it with the page's title", () => {
  it("begins with its title when a # heading is its first text, after MDX's import and export statements too", () => {
    expect(beginsWithTitle("# Basics\n\nText.")).toBe(true);
    const mdx = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\nexport const version = 2;\n\n# Basics\n\nText.";
    expect(beginsWithTitle(mdx)).toBe(true);
    expect(beginsWithTitle("import {\n  Card,\n  CardGrid,\n} from '@astrojs/starlight/components';\n\n# Cards\n")).toBe(true);
  });

  it("does not when its first text is not a # heading, or it has none", () => {
    expect(beginsWithTitle("Intro first.\n\n# Later")).toBe(false);
    expect(beginsWithTitle("import Tabs from '@theme/Tabs';\n\n## A section")).toBe(false);
    expect(beginsWithTitle("important words start this page\n\n# Title")).toBe(false);
    expect(beginsWithTitle("")).toBe(false);
  });
});
