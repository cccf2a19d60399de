import { describe, expect, it } from "vitest";
import { FrontMatterError, parseFrontMatter, withoutFrontMatter } from "./front-matter.server";

function parseError(source: string): FrontMatterError {
  try {
    parseFrontMatter(source);
  } catch (error) {
    expect(error).toBeInstanceOf(FrontMatterError);
    return error as FrontMatterError;
  }
  throw new Error("expected the front matter to be refused");
}

describe("parseFrontMatter", () => {
  it("returns no data and the whole text when there is no front matter", () => {
    expect(parseFrontMatter("# Title\n\nText.\n")).toEqual({ data: {}, content: "# Title\n\nText.\n" });
  });

  it("reads any YAML mapping, nested or unknown keys included, and strips it", () => {
    const { data, content } = parseFrontMatter("---\ntitle: A\ntags: [x, y]\nsidebar:\n  order: 3\n---\n# A\n");
    expect(data).toEqual({ title: "A", tags: ["x", "y"], sidebar: { order: 3 } });
    expect(content).toBe("# A\n");
  });

  it("accepts empty front matter, Windows line ends and a byte order mark", () => {
    expect(parseFrontMatter("---\n---\nText")).toEqual({ data: {}, content: "Text" });
    expect(parseFrontMatter("\uFEFF---\r\ntitle: B\r\n---\r\nText")).toEqual({ data: { title: "B" }, content: "Text" });
  });

  it("takes a leading --- with no closing fence for Markdown, not front matter", () => {
    expect(parseFrontMatter("---\n\nA page that starts with a rule.\n")).toEqual({ data: {}, content: "---\n\nA page that starts with a rule.\n" });
  });

  it("reads Hugo's TOML front matter whole: strings, numbers, arrays and tables", () => {
    const { data, content } = parseFrontMatter('+++\ntitle = "Quoted \\"title\\""\nweight = 4\ndraft = false\ntags = ["a"]\n[params]\nx = 1\n+++\nBody');
    expect(data).toEqual({ title: 'Quoted "title"', weight: 4, draft: false, tags: ["a"], params: { x: 1 } });
    expect(content).toBe("Body");
  });

  it("reads TOML's multi-line and literal strings as TOML does", () => {
    const { data } = parseFrontMatter("+++\ntitle = 'C:\\path'\ndescription = \"\"\"\nTwo\nlines\"\"\"\n+++\n");
    expect(data).toEqual({ title: "C:\\path", description: "Two\nlines" });
  });

  it("refuses TOML that does not parse, with the line in the file", () => {
    const error = parseError('+++\ntitle = "Fine"\nweight = [1,\n+++\n');
    expect(error.reason).toMatch(/^front matter is not valid TOML: /);
    expect(error.line).toBe(3);
  });

  it("refuses YAML that does not parse, with the line in the file", () => {
    const error = parseError("---\ntitle: Fine\ndescription: [unclosed\norder: 1\n---\n");
    expect(error.reason).toMatch(/^front matter is not valid YAML: /);
    expect(error.line).toBe(4);
  });

  it("refuses a duplicate key, with its line", () => {
    expect(parseError("---\ntitle: A\ntitle: B\n---\n").line).toBe(3);
  });

  it.each([
    ["a list", "---\n- a\n- b\n---\n"],
    ["a string", "---\njust words\n---\n"],
  ])("refuses front matter that is %s rather than a mapping", (kind, source) => {
    expect(parseError(source).reason).toContain(`not ${kind}`);
  });

  it("does not expand a flood of YAML aliases", () => {
    const source = `---\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${Array(10).fill("*a").join(", ")}]\nc: &c [${Array(10).fill("*b").join(", ")}]\nd: [${Array(200).fill("*c").join(", ")}]\n---\n`;
    expect(parseError(source).reason).toMatch(/alias/i);
  });
});

describe("withoutFrontMatter", () => {
  it("drops a YAML or TOML block unread, even one that would not parse, and leaves a page without one as it is", () => {
    expect(withoutFrontMatter("---\ntitle: [unclosed\n---\nBody")).toBe("Body");
    expect(withoutFrontMatter('\uFEFF+++\ntitle = "A"\n+++\nBody')).toBe("Body");
    expect(withoutFrontMatter("---\n\nA rule, then text.")).toBe("---\n\nA rule, then text.");
  });
});
