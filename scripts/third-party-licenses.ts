/**
 * The licences of the third-party code the builds bundle, so that what
 * ships carries their notices: most of them (MIT, ISC, BSD, Apache-2.0)
 * ask that their copyright and licence text go with every copy, and the
 * command-line package (packages/cli) is such a copy.
 *
 * `recordThirdPartyLicenses(directory, name?)` is a Vite plugin: each build
 * it is in writes, to `<directory>/<name>.json`, every npm package whose
 * code ended up in its output, with the package's licence identifier and
 * text. Without a name, a build is named by its environment (client, ssr),
 * and a worker's (in `worker.plugins`) by its entry, `worker-<entry>`. Vite's own `build.license`
 * does the same for a main build, but not for a worker's (Mermaid is bundled
 * as one: app/diagrams) nor for builds whose input was bundled already, so
 * the site's builds and the command's each record their own here.
 * `writeThirdPartyNotices` merges those records into one Markdown file.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** Where the site's builds record the third-party code they bundled, for the command's notices (packages/cli). */
export const THIRD_PARTY_RECORDS = fileURLToPath(new URL("../build/third-party/", import.meta.url));

export type BundledPackage = { name: string; version: string; license: string | null; text: string | null; source?: string | null };

const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.|-|$)/i;

export function recordThirdPartyLicenses(directory: string, { name, worker = false }: { name?: string; worker?: boolean } = {}): Plugin {
  return {
    name: "record-third-party-licenses",
    apply: "build",
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((output) => output.type === "chunk" && output.isEntry);
      const file = path.join(directory, `${name ?? (worker ? `worker-${entry?.name}` : this.environment.name)}.json`);
      const found = new Map<string, BundledPackage>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of output.moduleIds) {
          const directory = packageDirectory(id);
          if (directory === null || found.has(directory)) continue;
          found.set(directory, describePackage(directory));
        }
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify([...found.values()], null, 2));
    },
  };
}

/**
 * The browser's notices where the browser's files are: once the client
 * build is written (its workers, Mermaid's among them, are built within
 * it), its records and its workers' become `third-party-notices.md` in the
 * client's output. The server serves it from there, and a static export
 * copies it with the rest, so every copy of the site carries the notices
 * of the code it sends to browsers.
 */
export function writeBrowserNotices(directory: string): Plugin {
  return {
    name: "write-browser-notices",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    closeBundle: {
      order: "post",
      handler(error) {
        // A failed build wrote no client: its own error is the one to show, not this file's absence.
        // (Vite 8 calls this hook after a failed build without passing its error, hence the folder's check.)
        if (error || !fs.existsSync(this.environment.config.build.outDir)) return;
        const records = fs.readdirSync(directory).filter((name) => name === "client.json" || /^worker-.+\.json$/.test(name));
        const file = path.join(this.environment.config.build.outDir, BROWSER_NOTICES);
        writeThirdPartyNotices(records.map((name) => path.join(directory, name)), file, "This site's code in your browser");
      },
    },
  };
}

/** Where the browser's notices are, from the site's root. */
export const BROWSER_NOTICES = "third-party-notices.md";

/** The package a module belongs to: the folder after the last node_modules/ (two for a scoped name). */
export function packageDirectory(moduleId: string): string | null {
  const file = moduleId.replace(/^\0/, "").split("?")[0]!;
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return null;
  const rest = file.slice(at + marker.length).split(path.sep);
  const length = rest[0]!.startsWith("@") ? 2 : 1;
  return file.slice(0, at + marker.length) + rest.slice(0, length).join(path.sep);
}

/** An installed package's name, version, licence and texts; a licence folder (Pagefind's `LICENSE/`) is read file by file. */
export function describePackage(directory: string): BundledPackage {
  const manifest = JSON.parse(fs.readFileSync(path.join(directory, "package.json"), "utf8")) as { name: string; version: string; license?: unknown; repository?: unknown };
  const licenceFiles = (folder: string): string[] =>
    fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => LICENSE_FILE.test(entry.name) || folder !== directory)
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => (entry.isDirectory() ? licenceFiles(path.join(folder, entry.name)) : [path.join(folder, entry.name)]));
  const texts = licenceFiles(directory).map((file) => fs.readFileSync(file, "utf8").trim());
  return {
    name: manifest.name,
    version: manifest.version,
    license: typeof manifest.license === "string" ? manifest.license : null,
    text: texts.length > 0 ? texts.join("\n\n") : null,
    source: sourceOf(manifest.repository),
  };
}

/** Where a package's source is, from its `repository` (a URL, an object with one, or GitHub's `owner/name` shorthand). */
export function sourceOf(repository: unknown): string | null {
  const url = typeof repository === "string" ? repository : typeof repository === "object" && repository !== null && "url" in repository ? repository.url : null;
  if (typeof url !== "string" || url === "") return null;
  if (/^[\w.-]+\/[\w.-]+$/.test(url)) return `https://github.com/${url}`;
  return url
    .replace(/^git\+/, "")
    .replace(/^(git|ssh):\/\/(git@)?/, "https://")
    .replace(/^git@([^:]+):/, "https://$1/")
    .replace(/^github:/, "https://github.com/")
    .replace(/\.git$/, "");
}

/** One Markdown file of every package the records name, each once, by name. */
export function writeThirdPartyNotices(records: string[], file: string, product: string): number {
  const packages = new Map<string, BundledPackage>();
  for (const record of records) {
    for (const found of JSON.parse(fs.readFileSync(record, "utf8")) as BundledPackage[]) packages.set(`${found.name}@${found.version}`, found);
  }
  const sorted = [...packages.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  const sections = sorted.map(noticeSection);
  const intro = `# Third-party notices\n\n${product} includes code from the following packages, under their own licences.`;
  fs.writeFileSync(file, `${[intro, ...sections].join("\n\n")}\n`);
  return sorted.length;
}

/** One package's part of a notices file: its name, version and licence, where its source is, and its licence's text. */
export function noticeSection({ name, version, license, text, source }: BundledPackage): string {
  return [
    `## ${name} ${version}${license ? ` (${license})` : ""}`,
    // Where the source is: some licences (EPL, MPL) ask that recipients be told.
    `Source: ${source ?? `https://www.npmjs.com/package/${name}/v/${version}`}`,
    text ? verbatim(text) : `The package ships no licence file; its package.json gives ${license ?? "no licence"}.`,
  ].join("\n\n");
}

/** A licence's text as it is: fenced, so its own headings and markup stay text (the fence longer than any run of backticks in it). */
function verbatim(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map(([run]) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}
