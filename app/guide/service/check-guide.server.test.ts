import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { removeWrittenDocsFolders, writeDocsFolder } from "../__fixtures__/written-docs-folder";
import { checkGuide } from "./check-guide.server";

// Every page check renders, by address: the renderer is the real one, counted.
const renderedUrls = vi.hoisted(() => [] as string[]);
vi.mock("../render/render-page.server", async (importActual) => {
  const actual = await importActual<typeof import("../render/render-page.server")>();
  return { ...actual, renderPage: (job: Parameters<typeof actual.renderPage>[0], ...rest: [Parameters<typeof actual.renderPage>[1]]) => (renderedUrls.push(job.url), actual.renderPage(job, ...rest)) };
});

const folderOf = (files: Record<string, string>) => writeDocsFolder(files, "check-guide-");
afterAll(removeWrittenDocsFolders);

describe("checking a docs folder", () => {
  it("finds nothing wrong in a folder whose links, images and includes all lead somewhere", async () => {
    const root = folderOf({
      "index.md": "# Home\n\nSee [the guide](guide/setup.md) and ![a logo](img/logo.png).\n",
      "guide/setup.md": "# Setup\n\n<!--@include: ./_part.md-->\n\nBack [home](../index.md).\n",
      "guide/_part.md": "Included text.\n",
      "img/logo.png": "PNG",
    });
    expect(await checkGuide(root)).toEqual([]);
  });

  it("names each broken link, missing image and missing include by file and line", async () => {
    const root = folderOf({
      "index.md": "# Home\n\nSee [setup](guide/setup.md).\n\nAnd [nowhere](missing.md).\n",
      "guide/setup.md": "# Setup\n\n![logo](../img/logo.png)\n\n<!--@include: ./_absent.md-->\n",
    });
    expect(await checkGuide(root)).toEqual([
      { kind: "missing-include", file: "guide/setup.md", line: 5, message: "include names no file in the folder: ./_absent.md" },
      { kind: "broken-link", file: "guide/setup.md", line: 3, message: "link leads nowhere: ../img/logo.png" },
      { kind: "broken-link", file: "index.md", line: 5, message: "link leads nowhere: missing.md" },
    ].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line));
  });

  it("names the include from which a page's includes passed their limit, which the page shows as written", async () => {
    // Two files of 1 MB are the page's 2 MB; the third is past it.
    const half = `${"x".repeat(1024 * 1024)}\n`;
    const root = folderOf({
      "index.md": "# Home\n\n<!--@include: ./_a.md-->\n\n<!--@include: ./_b.md-->\n\n<!--@include: ./_c.md-->\n",
      "_a.md": half,
      "_b.md": half,
      "_c.md": half,
    });
    expect(await checkGuide(root)).toEqual([
      {
        kind: "includes-past-limit",
        file: "index.md",
        line: 7,
        message: "the page's includes reached a limit (10 deep, 2 MB or about 2,000 files); this one and those after it are left as written: ./_c.md",
      },
    ]);
  });

  it("names a link whose #fragment is no heading or id on the page it leads to, by file and line", async () => {
    const root = folderOf({
      "index.md": "# Home\n\n## Install\n\nSee [setup](setup.md#before-you-start), [install](#install) and [renamed](#old-heading).\n",
      "setup.md": "# Setup\n\n## Before you start\n\nBack to [install](index.md#install).\n\nAnd [nowhere](index.md#instal).\n",
    });
    expect(await checkGuide(root)).toEqual([
      { kind: "broken-anchor", file: "index.md", line: 5, message: "no heading or element has this id: #old-heading" },
      { kind: "broken-anchor", file: "setup.md", line: 7, message: "no heading or element has this id: /guide#instal" },
    ]);
  });

  it("names every page whose front matter does not parse, by file and line, with the folder's other problems and its pages' links", async () => {
    const root = folderOf({
      "index.md": "# Home\n\nSee [broken](broken.md), [also](guide/also.md) and [nowhere](missing.md).\n",
      "broken.md": "---\ntitle: [unclosed\n---\n# Broken\n\nBack [home](index.md) and to [a lost page](lost.md).\n",
      "guide/also.md": "+++\ntitle = \"unclosed\n+++\n# Also\n",
    });
    const problems = await checkGuide(root);
    expect(problems.map(({ kind, file, line }) => ({ kind, file, line }))).toEqual([
      { kind: "front-matter", file: "broken.md", line: 2 },
      { kind: "broken-link", file: "broken.md", line: 6 },
      { kind: "front-matter", file: "guide/also.md", line: 2 },
      { kind: "broken-link", file: "index.md", line: 3 },
    ]);
    expect(problems[0]!.message).toMatch(/^front matter is not valid YAML: /);
    expect(problems[2]!.message).toMatch(/^front matter is not valid TOML: /);
  });

  it("names every second file at one page's address, beside the folder's other problems (a link to it leads to that address), where a server's start stops at the first", async () => {
    const root = folderOf({
      "index.md": "# Home\n\nSee [setup](guide/setup.md), [the other setup](guide/setup/index.md) and [nowhere](missing.md).\n",
      "guide/setup.md": "# Setup\n",
      "guide/setup/index.md": "# Setup, again\n",
      "guide/faq.md": "# FAQ\n",
      "guide/faq.mdx": "# FAQ, again\n",
    });
    expect(await checkGuide(root)).toEqual([
      { kind: "same-address", file: "guide/faq.mdx", line: null, message: "gives the page /guide/guide/faq, as guide/faq.md does; rename one" },
      { kind: "same-address", file: "guide/setup/index.md", line: null, message: "gives the page /guide/guide/setup, as guide/setup.md does; rename one" },
      { kind: "broken-link", file: "index.md", line: 3, message: "link leads nowhere: missing.md" },
    ]);
  });

  it("renders each page once, for its anchors and its links both", async () => {
    const root = folderOf({
      "index.md": "# Home\n\n## Start\n\nSee [setup](guide/setup.md#install) and [faq](guide/faq.md#nowhere).\n",
      "guide/setup.md": "# Setup\n\n## Install\n\nBack [home](../index.md#start).\n",
      "guide/faq.md": "# FAQ\n\nAnd [a lost page](lost.md).\n",
    });
    renderedUrls.length = 0;
    expect((await checkGuide(root)).map(({ kind, file }) => `${kind} ${file}`)).toEqual(["broken-link guide/faq.md", "broken-anchor index.md"]);
    expect(renderedUrls.sort()).toEqual(["/guide", "/guide/guide/faq", "/guide/guide/setup"]);
  });

  it("names a page or an included file that is not UTF-8 text (Latin-1, UTF-16) by file and the line of its first character that is not", async () => {
    const root = folderOf({ "index.md": "# Home\n\nSee [caf\u00e9](cafe.md) and [notes](notes.md).\n\n```text\n{{#include old/menu.txt}}\n```\n" });
    fs.writeFileSync(path.join(root, "cafe.md"), Buffer.from("# Caf\u00e9\n\nCaf\u00e9 cr\u00e8me.\n", "latin1"));
    fs.writeFileSync(path.join(root, "notes.md"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("# Notes\n", "utf16le")]));
    fs.mkdirSync(path.join(root, "old"));
    fs.writeFileSync(path.join(root, "old", "menu.txt"), Buffer.from("Tea\nCr\u00eape\n", "latin1"));
    const message = "not UTF-8 text: what is not shows as \uFFFD; save the file as UTF-8";
    expect(await checkGuide(root)).toEqual([
      { kind: "not-utf8", file: "cafe.md", line: 1, message },
      { kind: "not-utf8", file: "notes.md", line: 1, message },
      { kind: "not-utf8", file: "old/menu.txt", line: 2, message },
    ]);
  });

  it("reports a page the renderer fails on (blockquotes nested thousands deep), which the server shows as plain text", async () => {
    const root = folderOf({ "index.md": "# Home\n\nSee [deep](deep.md).\n", "deep.md": `# Deep\n\n${"> ".repeat(3000)}deep\n` });
    expect(await checkGuide(root)).toEqual([
      { kind: "render-failure", file: "deep.md", line: null, message: expect.stringMatching(/^could not be rendered: .+; it is shown as plain text$/) },
    ]);
  }, 60_000);

  it("reports a folder that cannot be served at all, with no file to blame", async () => {
    const root = folderOf({ "notes.txt": "no Markdown here" });
    expect(await checkGuide(root)).toEqual([{ kind: "unreadable-folder", file: null, line: null, message: `No Markdown files in ${fs.realpathSync(root)}` }]);
  });

  it("reports the files the server leaves out (a link out of the folder, a name with a line break) and a labelling file it could not read", async () => {
    const outside = folderOf({ "secret.md": "# Not to be published\n" });
    const project = folderOf({
      "mkdocs.yml": "site_name: [unclosed\n",
      "docs/index.md": "# Home\n",
      "docs/guide/_category_.json": "{ not json",
      "docs/guide/setup.md": "# Setup\n",
      "docs/new\nline.md": "# Two lines\n",
    });
    const docs = path.join(project, "docs");
    fs.symlinkSync(path.join(outside, "secret.md"), path.join(docs, "secret.md"));
    const problems = await checkGuide(docs);
    expect(problems.map(({ kind, file, line }) => ({ kind, file, line }))).toEqual([
      { kind: "unreadable-config", file: "../mkdocs.yml", line: null },
      { kind: "unreadable-config", file: "guide/_category_.json", line: null },
      { kind: "skipped-file", file: "new\nline.md", line: null },
      { kind: "skipped-file", file: "secret.md", line: null },
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^not read \(.+\); the navigation follows the folder's names$/),
      expect.stringMatching(/^not read \(.+\); the folder is named from its name$/),
      "a name with a control character (a line break, a tab); skipped",
      `links to ${fs.realpathSync(path.join(outside, "secret.md"))}, outside the content folder; skipped`,
    ]);
  });
});
