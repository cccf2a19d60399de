import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeFolderWarning, type FolderWarning } from "./folder-warning";
import { readBookSummary, readMkDocsNav, readProjectConfig, type TableOfContents } from "./project-config.server";

const entries = (map: TableOfContents["pages"] | TableOfContents["folders"]) => Object.fromEntries(map);

describe("readBookSummary", () => {
  it("gives each linked chapter its place in the book and the link's text as its label", () => {
    const contents = readBookSummary(
      [
        "# Summary",
        "",
        "[Introduction](README.md)",
        "",
        "# Part one",
        "",
        "- [First **steps**](./basics/README.md)",
        "    - [Reading `map` files](basics/map-files.md#top)",
        "- [Plugins]()",
        "",
        "---",
        "",
        "[Glossary](<glossary.md>)",
      ].join("\n"),
    );
    expect(entries(contents.pages)).toEqual({
      "README.md": { order: 0, label: "Introduction" },
      "basics/README.md": { order: 1, label: "First steps" },
      "basics/map-files.md": { order: 2, label: "Reading map files" },
      "glossary.md": { order: 3, label: "Glossary" },
    });
    // A folder sits where its first chapter is listed.
    expect(entries(contents.folders)).toEqual({ basics: { order: 1, label: null } });
  });

  it("leaves out links elsewhere, files that are not Markdown and paths out of the folder", () => {
    const contents = readBookSummary("- [Site](https://example.org/a.md)\n- [Root](/a.md)\n- [Image](map.png)\n- [Up](../outside.md)\n- [Here](here.md)\n");
    expect([...contents.pages.keys()]).toEqual(["here.md"]);
  });
});

describe("readMkDocsNav", () => {
  it("orders pages as listed, with titles where the nav gives them", () => {
    const contents = readMkDocsNav([{ Home: "index.md" }, "install.md", { "Source code": "https://example.org/repo" }, { Changes: "./changelog.md" }]);
    expect(entries(contents.pages)).toEqual({
      "index.md": { order: 0, label: "Home" },
      "install.md": { order: 1, label: null },
      "changelog.md": { order: 2, label: "Changes" },
    });
  });

  it("names a folder after the section that lists its pages, nested sections included", () => {
    const contents = readMkDocsNav([
      "index.md",
      { "Using it": ["guide/start.md", { "In depth": ["guide/deep/one.md", "guide/deep/two.md"] }] },
      { About: ["about/license.md"] },
    ]);
    expect(entries(contents.folders)).toEqual({
      guide: { order: 1, label: "Using it" },
      "guide/deep": { order: 3, label: "In depth" },
      about: { order: 6, label: "About" },
    });
  });

  it("gives no folder a section's name when the section's pages are not a folder of their own", () => {
    const contents = readMkDocsNav([{ "Getting started": ["install.md", "first-steps.md"] }, { Mixed: ["api/a.md", "cli/b.md"] }]);
    expect(entries(contents.folders)).toEqual({ api: { order: 4, label: null }, cli: { order: 5, label: null } });
    expect(contents.pages.get("install.md")).toEqual({ order: 1, label: null });
  });

  it("reads nothing from a nav that is not a list, and skips items it cannot read", () => {
    expect(readMkDocsNav("index.md").pages.size).toBe(0);
    expect([...readMkDocsNav([42, null, { Empty: null }, { "": "a.md" }, "b.md"]).pages]).toEqual([
      ["a.md", { order: 0, label: null }],
      ["b.md", { order: 1, label: null }],
    ]);
  });
});

describe("readProjectConfig", () => {
  let project = "";
  const projects: string[] = [];
  const warnings: string[] = [];
  const warn = (warning: FolderWarning) => warnings.push(describeFolderWarning(warning));

  async function makeProject(files: Record<string, string>, docs = "docs"): Promise<string> {
    project = await fs.mkdtemp(path.join(os.tmpdir(), "project-config-"));
    projects.push(project);
    await fs.mkdir(path.join(project, docs), { recursive: true });
    for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(project, name), text);
    return path.join(project, docs);
  }

  afterEach(async () => {
    warnings.length = 0;
    await Promise.all(projects.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });

  it("reads mkdocs.yml beside the folder it names, Python tags and all", async () => {
    const docs = await makeProject({
      "mkdocs.yml": [
        "site_name: Harbour",
        "markdown_extensions:",
        "  - pymdownx.superfences:",
        "      custom_fences:",
        "        - format: !!python/name:pymdownx.superfences.fence_code_format",
        "extra:",
        "  key: !ENV [KEY, '']",
        "nav:",
        "  - Home: index.md",
      ].join("\n"),
    });
    const config = await readProjectConfig(docs, warn);
    expect(config?.siteName).toBe("Harbour");
    expect(config?.file).toBe(path.join(project, "mkdocs.yml"));
    expect(entries(config!.contents!.pages)).toEqual({ "index.md": { order: 0, label: "Home" } });
    expect(warnings).toEqual([]);
  });

  it("follows docs_dir, and ignores an mkdocs.yml whose docs are another folder", async () => {
    const docs = await makeProject({ "mkdocs.yml": "site_name: Elsewhere\ndocs_dir: documentation\n" });
    expect(await readProjectConfig(docs, warn)).toBeNull();
    const named = await makeProject({ "mkdocs.yml": "site_name: Here\ndocs_dir: ./pages/\n" }, "pages");
    expect((await readProjectConfig(named, warn))?.siteName).toBe("Here");
  });

  it("takes no nav as no table of contents: the folder's names order it", async () => {
    const docs = await makeProject({ "mkdocs.yml": "site_name: Plain\n" });
    expect(await readProjectConfig(docs, warn)).toEqual({ file: path.join(project, "mkdocs.yml"), siteName: "Plain", contents: null });
  });

  it("reads book.toml's title when its src is the folder", async () => {
    const docs = await makeProject({ "book.toml": '[book]\ntitle = "The Book"\nsrc = "text"\n' }, "text");
    expect(await readProjectConfig(docs, warn)).toEqual({ file: path.join(project, "book.toml"), siteName: "The Book", contents: null });
    const other = await makeProject({ "book.toml": '[book]\ntitle = "Not this one"\n' }, "docs");
    expect(await readProjectConfig(other, warn)).toBeNull();
  });

  it("warns about a project file it cannot read and goes on without it", async () => {
    const docs = await makeProject({ "mkdocs.yml": "site_name: [unclosed\n" });
    expect(await readProjectConfig(docs, warn)).toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/mkdocs\.yml: not read \(not valid YAML: .*\); the navigation follows the folder's names$/)]);
    const book = await makeProject({ "book.toml": "[book\n" }, "src");
    expect(await readProjectConfig(book, warn)).toBeNull();
    expect(warnings[1]).toMatch(/book\.toml: not read/);
  });

  it("does not read a project file of more than a megabyte, nor one that is a folder", async () => {
    const docs = await makeProject({ "mkdocs.yml": `site_name: Big\n#${"x".repeat(1024 * 1024)}\n` });
    expect(await readProjectConfig(docs, warn)).toBeNull();
    await fs.rm(path.join(project, "mkdocs.yml"));
    await fs.mkdir(path.join(project, "mkdocs.yml"));
    expect(await readProjectConfig(docs, warn)).toBeNull();
    expect(warnings).toEqual([]);
  });
});
