import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GuideContentError } from "../guide-content-error";
import { placePages, type RefusedAddress } from "./page-slugs.server";
import { readFolder } from "./read-folder.server";
import { TakenAddressError } from "./taken-addresses.server";

const ROOT = "/docs";

/** The error placing these files stops at, or null when every file has a page. */
function refusal(...files: string[]): RefusedAddress | null {
  try {
    placePages(ROOT, files);
    return null;
  } catch (error) {
    return error as RefusedAddress;
  }
}

/** The message that refuses `file`, whose address is `url`, for being where `other`'s Markdown or data is served. */
const servedThere = (file: string, url: string, other: string, what: "Markdown" | "data") =>
  `${ROOT}/${file}: its address ${url} is where ${ROOT}/${other}'s ${what} is served; rename one`;

describe("a page at another page's Markdown or data address", () => {
  it("is refused, both files named, where a page's address is another's plus .md (its Markdown)", () => {
    const error = refusal("index.md", "a.md", "a.md.md");
    expect(error).toBeInstanceOf(TakenAddressError);
    expect(error).toBeInstanceOf(GuideContentError);
    expect(error?.message).toBe(servedThere("a.md.md", "/guide/a.md", "a.md", "Markdown"));
    expect(error).toMatchObject({ file: `${ROOT}/a.md.md`, url: "/guide/a.md" });
    expect(refusal("x.md", "x.md.mdx")?.message).toBe(servedThere("x.md.mdx", "/guide/x.md", "x.md", "Markdown"));
  });

  it("is refused where a page's address is another's plus .data (React Router's data for it)", () => {
    expect(refusal("b.data.md", "b.md")?.message).toBe(servedThere("b.data.md", "/guide/b.data", "b.md", "data"));
    expect(refusal("guide/b.md", "guide/b.data.mdx")?.message).toBe(servedThere("guide/b.data.mdx", "/guide/guide/b.data", "guide/b.md", "data"));
  });

  it("is refused whether either page is a folder's: a folder named x.md holding an index, or x.md.md beside the folder x", () => {
    expect(refusal("x.md", "x.md/index.md")?.message).toBe(servedThere("x.md/index.md", "/guide/x.md", "x.md", "Markdown"));
    expect(refusal("x/README.md", "x.md.md")?.message).toBe(servedThere("x.md.md", "/guide/x.md", "x/README.md", "Markdown"));
    expect(refusal("y/index.md", "y.data/_index.md")?.message).toBe(servedThere("y.data/_index.md", "/guide/y.data", "y/index.md", "data"));
  });

  it("is refused at index.md inside a folder, where the folder's page's Markdown is served too", () => {
    expect(refusal("index.md", "index.md.md")?.message).toBe(servedThere("index.md.md", "/guide/index.md", "index.md", "Markdown"));
    expect(refusal("guide/README.md", "guide/index.md/index.md")?.message).toBe(servedThere("guide/index.md/index.md", "/guide/guide/index.md", "guide/README.md", "Markdown"));
  });

  it("is refused at any address ending in .data, which React Router answers with the data of the address without it", () => {
    const error = refusal("index.md", "c.data.md");
    expect(error).toBeInstanceOf(TakenAddressError);
    expect(error?.message).toBe(`${ROOT}/c.data.md: its address /guide/c.data ends in .data, which the server answers with the data of /guide/c; rename it`);
  });

  it("is served as any page where its address ends in .md but is no page's Markdown, compared exactly as the server compares them", () => {
    expect(refusal("index.md", "notes.md.md")).toBeNull();
    // No folder page at the top, so /guide/index.md is no page's Markdown.
    expect(refusal("guide.md", "index.md.md")).toBeNull();
    // The server finds Markdown at a lower-case .md only, and at a page's address as it is spelled.
    expect(refusal("a.md", "A.md.md", "a.MD.md", "a.mdx.md")).toBeNull();
    expect(refusal("b.md", "b.DATA.md", "b.Data.md")).toBeNull();
  });

  it("told to the caller, has no page, and every other file keeps its page; a second file at one address is told of as before", () => {
    const told: RefusedAddress[] = [];
    const slots = placePages(ROOT, ["index.md", "a.md", "a.md.md", "b.md", "b.data.md", "c.md", "c.mdx"], (error) => told.push(error));
    expect(slots.map((slot) => slot?.url ?? null)).toEqual(["/guide", "/guide/a", null, "/guide/b", null, "/guide/c", null]);
    expect(told.map((error) => [error.name, error.file])).toEqual([
      ["SameAddressError", `${ROOT}/c.mdx`],
      ["TakenAddressError", `${ROOT}/a.md.md`],
      ["TakenAddressError", `${ROOT}/b.data.md`],
    ]);
  });
});

describe("reading a folder with a page at another's Markdown address", () => {
  let root: string | undefined;
  afterEach(() => root && fs.rm(root, { recursive: true, force: true }));

  it("stops with the one line naming both files, as a second file at one page's address does", async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "taken-addresses-")));
    for (const file of ["index.md", "a.md", "a.md.md"]) await fs.writeFile(path.join(root, file), `# ${file}\n`);
    const reading = readFolder(root, { warn: () => {} });
    await expect(reading).rejects.toBeInstanceOf(TakenAddressError);
    await expect(reading).rejects.toThrow(`${root}/a.md.md: its address /guide/a.md is where ${root}/a.md's Markdown is served; rename one`);
  });
});
