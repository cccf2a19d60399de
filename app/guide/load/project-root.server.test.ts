import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { docsFolderOfProject } from "./project-root.server";

const made: string[] = [];
afterAll(() => made.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A project folder written for the test: files by path, and folders (ending in "/"). */
function projectOf(entries: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "project-root-"));
  made.push(root);
  for (const [name, text] of Object.entries(entries)) {
    const target = path.join(root, name);
    if (name.endsWith("/")) fs.mkdirSync(target, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, text);
    }
  }
  return root;
}

describe("the docs folder of a docs tool's project root", () => {
  it("is MkDocs' docs_dir, or docs/ when mkdocs.yml does not say, Python tags and all", () => {
    const named = projectOf({ "mkdocs.yml": "site_name: A\ndocs_dir: manual\nplugins:\n  - search\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n", "manual/": "" });
    expect(docsFolderOfProject(named)).toEqual({ folder: path.join(named, "manual"), namedBy: "docs_dir in mkdocs.yml" });
    const unnamed = projectOf({ "mkdocs.yaml": "site_name: B\n", "docs/": "" });
    expect(docsFolderOfProject(unnamed)).toEqual({ folder: path.join(unnamed, "docs"), namedBy: "docs_dir in mkdocs.yaml" });
  });

  it("is MkDocs' docs/ beside an mkdocs.yml that does not parse, saying so, rather than the root with its README and changelog", () => {
    const broken = projectOf({ "mkdocs.yml": "nav:\n  - [unclosed\n", "docs/": "", "README.md": "# The repository\n" });
    expect(docsFolderOfProject(broken)).toEqual({ folder: path.join(broken, "docs"), namedBy: "MkDocs' docs folder; mkdocs.yml does not parse" });
  });

  it("is mdBook's src, or src/ when book.toml does not say", () => {
    const named = projectOf({ "book.toml": '[book]\ntitle = "T"\nsrc = "book"\n', "book/": "" });
    expect(docsFolderOfProject(named)).toEqual({ folder: path.join(named, "book"), namedBy: "src in book.toml" });
    const unnamed = projectOf({ "book.toml": '[book]\ntitle = "T"\n', "src/": "" });
    expect(docsFolderOfProject(unnamed)?.folder).toBe(path.join(unnamed, "src"));
  });

  it("is docs/ beside a Docusaurus config, Starlight's src/content/docs beside an Astro config, and VitePress' docs/ with its .vitepress", () => {
    const docusaurus = projectOf({ "docusaurus.config.ts": "export default {};\n", "docs/": "", "blog/": "" });
    expect(docsFolderOfProject(docusaurus)).toEqual({ folder: path.join(docusaurus, "docs"), namedBy: "docusaurus.config.ts" });
    const starlight = projectOf({ "astro.config.mjs": "export default {};\n", "src/content/docs/": "" });
    expect(docsFolderOfProject(starlight)?.folder).toBe(path.join(starlight, "src", "content", "docs"));
    const vitepress = projectOf({ "package.json": "{}", "docs/.vitepress/": "" });
    expect(docsFolderOfProject(vitepress)?.folder).toBe(path.join(vitepress, "docs"));
  });

  it("is none for a docs folder itself, a project file that names no folder inside, or one that cannot be read", () => {
    // A VitePress docs folder, and a plain folder of Markdown with a docs/ in it.
    expect(docsFolderOfProject(projectOf({ "index.md": "# Home\n", ".vitepress/": "", "docs/": "" }))).toBeNull();
    expect(docsFolderOfProject(projectOf({ "README.md": "# Home\n", "docs/": "" }))).toBeNull();
    // Out of the folder given, by a path or by a symbolic link; a folder that is not there.
    const outside = projectOf({ "secret/": "" });
    expect(docsFolderOfProject(projectOf({ "mkdocs.yml": `docs_dir: ${path.join(outside, "secret")}\n` }))).toBeNull();
    expect(docsFolderOfProject(projectOf({ "mkdocs.yml": "docs_dir: ../\n" }))).toBeNull();
    const linked = projectOf({ "mkdocs.yml": "site_name: L\n" });
    fs.symlinkSync(path.join(outside, "secret"), path.join(linked, "docs"));
    expect(docsFolderOfProject(linked)).toBeNull();
    expect(docsFolderOfProject(projectOf({ "mkdocs.yml": "site_name: M\n" }))).toBeNull();
    expect(docsFolderOfProject(projectOf({ "book.toml": "[book\nsrc = 'src'\n", "src/": "" }))).toBeNull();
    // YAML with an error is not read for what it half says.
    expect(docsFolderOfProject(projectOf({ "mkdocs.yml": "site_name: [unclosed\ndocs_dir: manual\n", "manual/": "" }))).toBeNull();
  });
});
