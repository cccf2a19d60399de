import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { afterEach, describe, expect, it } from "vitest";
import { BROWSER_NOTICES, packageDirectory, sourceOf, writeBrowserNotices, writeThirdPartyNotices, type BundledPackage } from "./third-party-licenses.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "third-party-"));
afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The notices' headings as Markdown reads them (a fenced licence's own lines are not headings). */
function headings(markdown: string): string[] {
  return unified().use(remarkParse).parse(markdown).children.flatMap((node) =>
    node.type === "heading" ? [node.children.map((child) => ("value" in child ? child.value : "")).join("")] : [],
  );
}

function record(name: string, packages: BundledPackage[]): string {
  fs.mkdirSync(scratch, { recursive: true });
  const file = path.join(scratch, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(packages));
  return file;
}

describe("the package a bundled module comes from", () => {
  it("is the folder after the last node_modules, two folders deep for a scoped name", () => {
    expect(packageDirectory("/repo/node_modules/d3-shape/src/line.js")).toBe("/repo/node_modules/d3-shape");
    expect(packageDirectory("/repo/node_modules/@shikijs/core/dist/index.mjs")).toBe("/repo/node_modules/@shikijs/core");
    expect(packageDirectory("/repo/node_modules/mermaid/node_modules/uuid/dist/v4.js")).toBe("/repo/node_modules/mermaid/node_modules/uuid");
    expect(packageDirectory("\0/repo/node_modules/lucide/dist/esm/icons/star.mjs?commonjs-proxy")).toBe("/repo/node_modules/lucide");
  });

  it("is none for the site's own code and for virtual modules", () => {
    expect(packageDirectory("/repo/app/root.tsx")).toBeNull();
    expect(packageDirectory("/repo/packages/theme/dist/index.js")).toBeNull();
    expect(packageDirectory("\0vite/preload-helper.js")).toBeNull();
  });
});

describe("where a package's source is", () => {
  it("is its repository as a web address, whichever way package.json writes it", () => {
    expect(sourceOf("git+https://github.com/mermaid-js/mermaid.git")).toBe("https://github.com/mermaid-js/mermaid");
    expect(sourceOf({ type: "git", url: "git://github.com/kieler/elkjs.git" })).toBe("https://github.com/kieler/elkjs");
    expect(sourceOf("lucide-icons/lucide")).toBe("https://github.com/lucide-icons/lucide");
    expect(sourceOf("github:shikijs/shiki")).toBe("https://github.com/shikijs/shiki");
    expect(sourceOf({ url: "ssh://git@github.com/inspect-js/object-inspect.git" })).toBe("https://github.com/inspect-js/object-inspect");
    expect(sourceOf("git@github.com:owner/name.git")).toBe("https://github.com/owner/name");
    expect(sourceOf(undefined)).toBeNull();
    expect(sourceOf({ type: "git" })).toBeNull();
  });
});

describe("the notices", () => {
  it("name every package the builds recorded once, sorted, each with its licence's text, or say that it ships none", () => {
    const mit = { name: "mermaid", version: "12.3.0", license: "MIT", text: "The MIT License\n\nCopyright (c) Knut Sveidqvist", source: "https://github.com/mermaid-js/mermaid" };
    const files = [
      record("client", [mit, { name: "dompurify", version: "3.3.0", license: "(MPL-2.0 OR Apache-2.0)", text: "Apache License…" }]),
      record("worker", [mit, { name: "ansi-bare", version: "1.0.0", license: "ISC", text: null }]),
    ];
    const file = path.join(scratch, "NOTICES.md");
    expect(writeThirdPartyNotices(files, file, "themed-guide")).toBe(3);
    const notices = fs.readFileSync(file, "utf8");
    expect(headings(notices)).toEqual(["Third-party notices", "ansi-bare 1.0.0 (ISC)", "dompurify 3.3.0 ((MPL-2.0 OR Apache-2.0))", "mermaid 12.3.0 (MIT)"]);
    expect(notices).toContain("themed-guide includes code from the following packages");
    expect(notices).toContain("Copyright (c) Knut Sveidqvist");
    expect(notices).toContain("The package ships no licence file; its package.json gives ISC.");
    // Where each one's source is: its repository, else its page on npm.
    expect(notices).toContain("## mermaid 12.3.0 (MIT)\n\nSource: https://github.com/mermaid-js/mermaid\n\n");
    expect(notices).toContain("## ansi-bare 1.0.0 (ISC)\n\nSource: https://www.npmjs.com/package/ansi-bare/v/1.0.0\n\n");
  });

  it("keep a licence's own headings and backticks as text", () => {
    const text = "## 1. DEFINITIONS\n\nUse ```code``` freely.";
    const file = path.join(scratch, "NOTICES.md");
    writeThirdPartyNotices([record("client", [{ name: "elkjs", version: "0.12.1", license: "EPL-2.0", text }])], file, "themed-guide");
    const notices = fs.readFileSync(file, "utf8");
    expect(headings(notices)).toEqual(["Third-party notices", "elkjs 0.12.1 (EPL-2.0)"]);
    expect(notices).toContain(`\`\`\`\`text\n${text}\n\`\`\`\``);
  });
});

describe("the browser's notices, once the client build is done", () => {
  // The Vite plugin's closing hook, called as Vite calls it: with the client environment's output folder.
  function closeClientBuild(outDir: string): void {
    const hook = writeBrowserNotices(scratch).closeBundle as { handler: (this: unknown) => void };
    hook.handler.call({ environment: { config: { build: { outDir } } } });
  }

  it("are written into the client's output beside its files", () => {
    record("client", [{ name: "dompurify", version: "3.3.0", license: "(MPL-2.0 OR Apache-2.0)", text: "Apache License…" }]);
    const outDir = path.join(scratch, "client-out");
    fs.mkdirSync(outDir);
    closeClientBuild(outDir);
    expect(fs.readFileSync(path.join(outDir, BROWSER_NOTICES), "utf8")).toContain("## dompurify 3.3.0");
  });

  it("are left unwritten after a failed build, which wrote no client, so that the build's own error is the one shown", () => {
    record("client", []);
    const outDir = path.join(scratch, "client-out");
    expect(() => closeClientBuild(outDir)).not.toThrow();
    expect(fs.existsSync(outDir)).toBe(false);
  });
});
