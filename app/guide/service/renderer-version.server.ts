import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What a rendered page depends on besides its Markdown and the folder: the
 * render worker's own code and the versions of the packages it imports
 * (the Markdown parser, the highlighter and its grammars). A cached page
 * rendered by another build or with another version of a dependency is
 * never served: its key, made with this, differs.
 */
export function rendererVersion(workerFile: URL): string {
  const code = fs.readFileSync(workerFile, "utf8");
  const hash = createHash("sha256").update(code);
  const packages = new Set<string>();
  // The built worker keeps its dependencies as imports: `from"shiki/themes/x.mjs"`, `import("katex")`.
  for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport\s*\()\s*["']([^"'./][^"']*)["']/g)) {
    if (specifier!.startsWith("node:")) continue;
    const parts = specifier!.split("/");
    packages.add(specifier!.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
  }
  for (const name of [...packages].sort()) hash.update(`\n${name}@${installedVersion(path.dirname(fileURLToPath(workerFile)), name)}`);
  return hash.digest("hex");
}

/** The version of the package as Node would find it from `from` (the nearest node_modules above); "?" when none is found. */
function installedVersion(from: string, name: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    try {
      return (JSON.parse(fs.readFileSync(path.join(folder, "node_modules", name, "package.json"), "utf8")) as { version?: string }).version ?? "?";
    } catch {
      if (folder === path.dirname(folder)) return "?";
    }
  }
}
