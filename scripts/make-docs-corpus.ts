/**
 * npm run docs:corpus [-- <dir>]
 * Writes a made-up docs folder of 200 pages that looks like the ones people
 * really keep: nested folders, long pages, code in a dozen languages, tables,
 * lists, images beside the pages, callouts in the GitHub, `:::` and MkDocs
 * `!!!` syntaxes, raw HTML, front matter on some pages only, and links between
 * pages with and without `.md`. Into <dir> (default: a new temporary folder),
 * whose path it prints.
 *
 * The same every run: all choices come from a seeded PRNG and word lists
 * written for it, so benchmark figures compare across runs and machines.
 * `bench:docs` and `bench:lighthouse --docs` call makeDocsCorpus() and use the
 * manifest it returns (the long page, the sentences to look for).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

export type DocsCorpus = {
  dir: string;
  /** Every page, in file order: its path in the folder and the URL the site gives it. */
  pages: { relativePath: string; url: string; title: string }[];
  /** The page written to be the longest, and a sentence only its article contains, once. */
  longPage: { relativePath: string; url: string; sentence: string };
  /** A top-level page no other page links to: its link appears on a page only in the navigation. */
  navProbe: { relativePath: string; url: string; title: string };
};

const PAGE_COUNT = 200;
const LONG_PAGE = "reference/config/options.md";
const NAV_PROBE = "glossary.md";
// Plain words only: it must survive Markdown, HTML escaping and JSON unchanged.
const LONG_PAGE_SENTENCE = "Quillwort marmalade settles every lantern before the harbour bell rings twice";

/** The folder tree: 2–3 levels, some folders with an index.md, some without. */
const FOLDERS: { path: string; index: boolean }[] = [
  { path: "guide", index: true },
  { path: "guide/basics", index: true },
  { path: "guide/advanced", index: false },
  { path: "guide/advanced/plugins", index: true },
  { path: "reference", index: false },
  { path: "reference/api", index: true },
  { path: "reference/api/client", index: false },
  { path: "reference/cli", index: true },
  { path: "reference/config", index: true },
  { path: "tutorials", index: true },
  { path: "tutorials/first-app", index: true },
  { path: "tutorials/migration", index: false },
  { path: "integrations", index: true },
  { path: "integrations/databases", index: true },
  { path: "integrations/databases/sql", index: false },
  { path: "integrations/queues", index: false },
  { path: "operations", index: false },
  { path: "operations/deploy", index: true },
  { path: "operations/deploy/platforms", index: false },
  { path: "operations/monitoring", index: true },
  { path: "concepts", index: true },
];
const TOP_LEVEL = ["index.md", "getting-started.md", "installation.md", "faq.md", "changelog.md", NAV_PROBE];

// Word lists written for this corpus.
const NOUNS = (
  "account adapter agent alert archive artifact backup batch bucket buffer bundle cache channel chart checksum client cluster " +
  "column command commit config connection consumer container context cursor dashboard database dataset deployment " +
  "directory domain driver endpoint engine entry event export feature field filter flag folder format gateway handler " +
  "header hook host image index instance integration job kernel key label layer layout ledger limit listener log " +
  "manifest metric middleware migration mirror module mount namespace node notice offset operator option origin package " +
  "page parser partition patch payload peer permission pipeline plugin policy pool port preset process profile project " +
  "provider proxy queue quota record region registry release replica report repository request resolver resource " +
  "response revision role route runner runtime schema scope secret segment selector sequence server service session " +
  "setting shard signal snapshot socket source stage storage stream subscriber table target task template tenant " +
  "theme threshold token topic trace tracker transaction trigger tunnel upload user variable vault version volume " +
  "webhook widget worker workflow workspace zone"
).split(" ");
const VERBS = (
  "accept add allow apply archive assign attach build bundle cache check clean collect compile compress configure " +
  "connect copy create debug declare define delete deploy detect disable drain emit enable encode export extend " +
  "fetch filter flush format generate group handle import index inspect install load lock log measure merge migrate " +
  "monitor mount notify open override parse pin poll publish pull push read rebuild record redirect refresh register " +
  "release reload remove rename render replace replicate request reset resolve restart restore retry return rotate " +
  "route run scale schedule scan send serve set ship sign skip sort split start stop store stream sync tag test " +
  "trace track transform trigger update upgrade upload validate verify watch wrap write"
).split(" ");
const ADJECTIVES = (
  "active async automatic available basic blocking cached central clean cold compact current custom default " +
  "dedicated deprecated detached direct durable dynamic early empty encrypted exact experimental external fast " +
  "first global hidden idle immutable incremental initial inline internal isolated large late lazy legacy live " +
  "local long main manual minimal missing native nested offline optional parallel partial pending persistent " +
  "plain primary private public quiet raw readonly recent regional remote required safe scheduled secondary " +
  "secure separate shared short silent single slow small stable stale static strict temporary typed unique " +
  "upstream verbose virtual warm weekly"
).split(" ");
const ADVERBS = "always first never often only quickly rarely safely usually automatically explicitly gradually".split(" ");
const PLACES = "in the dashboard|on every node|at startup|during a deploy|behind the proxy|in production|on the client|per region|in the background|before the next release".split("|");

// ---------------------------------------------------------------------------
// Randomness: sfc32, seeded, so a run reproduces every choice.

export function createRandom(seed: number) {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed >>> 0;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
export type Random = ReturnType<typeof createRandom>;

// ---------------------------------------------------------------------------
// Words, names and sentences.

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const thirdPerson = (verb: string) => (/(s|sh|ch|x)$/.test(verb) ? `${verb}es` : verb.endsWith("y") ? `${verb.slice(0, -1)}ies` : `${verb}s`);
const plural = (noun: string) => (/(s|sh|ch|x)$/.test(noun) ? `${noun}es` : noun.endsWith("y") && !/[aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);
const camel = (words: string[]) => words.map((word, i) => (i === 0 ? word : capitalize(word))).join("");
const pascal = (words: string[]) => words.map(capitalize).join("");
const snake = (words: string[]) => words.join("_");
const kebab = (words: string[]) => words.join("-");
const article = (word: string) => (/^[aeiou]/.test(word) ? "an" : "a");
const an = (word: string) => `${article(word)} ${word}`;
/** github-slugger's id for a heading of plain lowercase-able words. */
const headingId = (text: string) => text.toLowerCase().replace(/[^a-z0-9 -]/g, "").replaceAll(" ", "-");

function sentence(random: Random, links: () => string | null): string {
  const n = () => random.pick(NOUNS);
  const v = () => random.pick(VERBS);
  const a = () => random.pick(ADJECTIVES);
  const templates = [
    () => `The ${a()} ${n()} ${thirdPerson(v())} each ${n()} ${random.pick(PLACES)}`,
    () => `${capitalize(v())} the ${n()} before you ${v()} the ${a()} ${plural(n())}`,
    () => `When ${an(n())} is ${a()}, the ${n()} ${random.pick(ADVERBS)} ${thirdPerson(v())} its ${plural(n())}`,
    () => `Use \`${camel([v(), n()])}\` to ${v()} ${plural(n())} ${random.pick(PLACES)}`,
    (adjective = a()) => `Each ${n()} keeps ${article(adjective)} **${adjective}** ${n()}, so ${plural(n())} ${v()} without ${an(n())}`,
    (adjective = a()) => `If the ${n()} cannot ${v()} the ${n()}, it ${thirdPerson(v())} ${article(adjective)} *${adjective}* ${n()} instead`,
    () => `Set \`${snake([a(), n()])}\` to \`${random.pick(["true", "false", String(random.int(1, 512)), `"${a()}"`])}\` to ${v()} the ${n()}`,
    () => `${capitalize(an(a()))} ${n()} ${thirdPerson(v())} faster than ${an(a())} one, but it ${thirdPerson(v())} more ${plural(n())}`,
  ];
  let text = random.pick(templates)();
  const link = random.chance(0.12) ? links() : null;
  if (link) text += `; see ${link}`;
  return `${text}.`;
}

function paragraph(random: Random, links: () => string | null, sentences = random.int(2, 5)): string {
  return Array.from({ length: sentences }, () => sentence(random, links)).join(" ");
}

// ---------------------------------------------------------------------------
// Code blocks, one template per language, filled with generated names.

function codeBlock(random: Random, language: string): string {
  const n = () => random.pick(NOUNS);
  const v = () => random.pick(VERBS);
  const a = () => random.pick(ADJECTIVES);
  const num = () => random.int(1, 900);
  const body: Record<string, () => string> = {
    ts: () => {
      const type = pascal([a(), n()]);
      return [
        `import { ${camel([v(), n()])} } from "@acme/${n()}";`,
        ``,
        `export interface ${type}Options {`,
        `  ${camel([n()])}: string;`,
        `  ${camel([a(), n()])}?: number;`,
        `  ${camel([n(), "mode"])}: "${a()}" | "${a()}";`,
        `}`,
        ``,
        `export async function ${camel([v(), n()])}(options: ${type}Options): Promise<${pascal([n()])}[]> {`,
        `  const ${n()} = await ${camel([v(), n()])}({ retries: ${random.int(1, 5)}, timeout: ${num()} });`,
        `  if (!options.${camel([n()])}) throw new Error("${n()} is required");`,
        `  return [...${camel(["cached", n()])}].filter((item) => item.${camel([a()])} !== undefined);`,
        `}`,
      ].join("\n");
    },
    tsx: () => {
      const name = pascal([a(), n()]);
      return [
        `import { useState } from "react";`,
        ``,
        `export function ${name}({ ${n()} }: { ${n()}: string }) {`,
        `  const [${camel([a()])}, set${pascal([a()])}] = useState(false);`,
        `  return (`,
        `    <section className="${kebab([n(), "panel"])}" aria-label="${capitalize(n())}">`,
        `      <h2>{${n()}}</h2>`,
        `      <button type="button" onClick={() => set${pascal([a()])}((value) => !value)}>`,
        `        ${capitalize(v())} ${n()}`,
        `      </button>`,
        `    </section>`,
        `  );`,
        `}`,
      ].join("\n");
    },
    js: () =>
      [
        `const ${camel([n()])} = require("${kebab([n(), n()])}");`,
        ``,
        `module.exports = async function ${camel([v(), n()])}(${n()}, options = {}) {`,
        `  const limit = options.limit ?? ${num()};`,
        `  for (const item of ${n()}.${camel([plural(n())])}) {`,
        `    if (item.size > limit) continue; // ${v()} it later`,
        `    await ${camel([n()])}.${v()}(item, { ${camel([a()])}: true });`,
        `  }`,
        `};`,
      ].join("\n"),
    json: () =>
      JSON.stringify(
        {
          name: kebab([a(), n()]),
          version: `${random.int(0, 4)}.${random.int(0, 20)}.${random.int(0, 9)}`,
          [n()]: { enabled: random.chance(0.5), [camel([a(), n()])]: num(), tags: [n(), n()] },
          [camel([n(), "path"])]: `./${n()}/${n()}.json`,
        },
        null,
        2,
      ),
    bash: () =>
      [
        `# ${capitalize(v())} the ${n()} and ${v()} the ${n()}`,
        `export ${snake([n(), n()]).toUpperCase()}="${kebab([a(), n()])}"`,
        `acme ${v()} --${kebab([n()])} ./${n()} --${kebab([a(), n()])}=${num()}`,
        `if [ -f "./${n()}.lock" ]; then`,
        `  rm -rf ./${n()} && acme ${v()} "$${snake([n()]).toUpperCase()}"`,
        `fi`,
      ].join("\n"),
    yaml: () =>
      [
        `# ${capitalize(a())} ${n()} settings`,
        `${n()}:`,
        `  ${snake([a(), n()])}: ${random.chance(0.5)}`,
        `  ${snake([n()])}: "${kebab([a(), n()])}"`,
        `  ${snake([plural(n())])}:`,
        `    - name: ${n()}`,
        `      ${snake([n()])}: ${num()}`,
        `    - name: ${n()}`,
        `      ${snake([n()])}: ${num()}`,
      ].join("\n"),
    python: () =>
      [
        `from acme.${n()} import ${pascal([n()])}`,
        ``,
        ``,
        `def ${snake([v(), n()])}(${n()}: ${pascal([n()])}, ${snake([a()])}: bool = False) -> list[str]:`,
        `    """${capitalize(v())} every ${n()} that is ${a()}."""`,
        `    ${plural(n())} = [item.name for item in ${n()}.items() if item.size < ${num()}]`,
        `    if ${snake([a()])}:`,
        `        ${plural(n())}.sort(key=lambda name: name.lower())`,
        `    return ${plural(n())}`,
      ].join("\n"),
    go: () => {
      const type = pascal([a(), n()]);
      return [
        `package ${n()}`,
        ``,
        `import "fmt"`,
        ``,
        `type ${type} struct {`,
        `\t${pascal([n()])} string`,
        `\t${pascal([a()])}   int`,
        `}`,
        ``,
        `func (${type[0]!.toLowerCase()} *${type}) ${pascal([v()])}(${n()} string) error {`,
        `\tif ${n()} == "" {`,
        `\t\treturn fmt.Errorf("${n()}: empty ${n()}")`,
        `\t}`,
        `\treturn nil`,
        `}`,
      ].join("\n");
    },
    rust: () =>
      [
        `use std::collections::HashMap;`,
        ``,
        `pub struct ${pascal([a(), n()])} {`,
        `    ${snake([n()])}: HashMap<String, u32>,`,
        `}`,
        ``,
        `impl ${pascal([a(), n()])} {`,
        `    pub fn ${snake([v(), n()])}(&mut self, key: &str) -> Option<u32> {`,
        `        let value = self.${snake([n()])}.get(key).copied()?;`,
        `        Some(value.saturating_add(${num()}))`,
        `    }`,
        `}`,
      ].join("\n"),
    css: () =>
      [
        `.${kebab([n(), "panel"])} {`,
        `  display: grid;`,
        `  gap: ${random.int(1, 4) / 2}rem;`,
        `  border: 1px solid var(--${kebab([n(), "border"])});`,
        `}`,
        ``,
        `.${kebab([n(), "panel"])}[data-state="${a()}"] {`,
        `  color: light-dark(#${random.int(0x100000, 0xffffff).toString(16)}, #${random.int(0x100000, 0xffffff).toString(16)});`,
        `}`,
      ].join("\n"),
    html: () =>
      [
        `<form method="post" action="/${n()}">`,
        `  <label for="${n()}">${capitalize(n())}</label>`,
        `  <input id="${n()}" name="${n()}" type="text" required>`,
        `  <button type="submit">${capitalize(v())}</button>`,
        `</form>`,
      ].join("\n"),
    diff: () =>
      [
        `--- a/${n()}.config.js`,
        `+++ b/${n()}.config.js`,
        `@@ -${random.int(1, 40)},6 +${random.int(1, 40)},7 @@`,
        ` export default {`,
        `-  ${camel([n()])}: "${a()}",`,
        `+  ${camel([n()])}: "${a()}",`,
        `+  ${camel([a(), n()])}: ${num()},`,
        `   ${camel([plural(n())])}: [],`,
        ` };`,
      ].join("\n"),
  };
  const title = random.chance(0.3) ? ` title="${n()}.${language}"` : "";
  return `\`\`\`${language}${title}\n${body[language]!()}\n\`\`\``;
}
const LANGUAGES = ["ts", "tsx", "js", "json", "bash", "yaml", "python", "go", "rust", "css", "html", "diff"];

// ---------------------------------------------------------------------------
// Other blocks.

function table(random: Random): string {
  const rows = random.int(3, 8);
  const lines = ["| Option | Type | Default | Description |", "| --- | :---: | ---: | --- |"];
  for (let i = 0; i < rows; i++) {
    const type = random.pick(["`string`", "`number`", "`boolean`", "`string[]`"]);
    const value = random.pick(["`true`", "`false`", `\`${random.int(1, 3600)}\``, `\`"${random.pick(ADJECTIVES)}"\``, "–"]);
    lines.push(`| \`${camel([random.pick(ADJECTIVES), random.pick(NOUNS)])}\` | ${type} | ${value} | ${sentence(random, () => null)} |`);
  }
  return lines.join("\n");
}

function list(random: Random, links: () => string | null): string {
  const kind = random.pick(["bullet", "ordered", "task", "nested"]);
  const item = () => sentence(random, links);
  const count = random.int(3, 6);
  if (kind === "ordered") return Array.from({ length: count }, (_, i) => `${i + 1}. ${item()}`).join("\n");
  if (kind === "task") return Array.from({ length: count }, () => `- [${random.chance(0.5) ? "x" : " "}] ${item()}`).join("\n");
  if (kind === "nested") {
    return Array.from({ length: count }, () => `- ${item()}\n  - ${item()}\n  - ${item()}`).join("\n");
  }
  return Array.from({ length: count }, () => `- ${item()}`).join("\n");
}

function callout(random: Random, links: () => string | null): string {
  const text = paragraph(random, links, random.int(1, 3));
  const syntax = random.pick(["github", "container", "mkdocs"]);
  if (syntax === "github") {
    const kind = random.pick(["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"]);
    return `> [!${kind}]\n> ${text}`;
  }
  if (syntax === "container") {
    const kind = random.pick(["tip", "info", "warning", "danger", "details", "note"]);
    // VitePress writes the title after a space, Docusaurus in brackets.
    const title = random.chance(0.5) ? (random.chance(0.5) ? ` ${capitalize(random.pick(ADJECTIVES))} ${random.pick(NOUNS)}` : `[${capitalize(random.pick(NOUNS))}]`) : "";
    return `:::${random.chance(0.5) ? " " : ""}${kind}${title}\n${text}\n:::`;
  }
  const kind = random.pick(["note", "tip", "warning", "danger", "example", "info"]);
  const title = random.chance(0.6) ? ` "${capitalize(random.pick(ADJECTIVES))} ${random.pick(NOUNS)}"` : "";
  return `${random.chance(0.2) ? "???" : "!!!"} ${kind}${title}\n\n    ${text}`;
}

function rawHtml(random: Random, image: string | null): string {
  const kind = random.pick(["details", "kbd", "figure", "comment"]);
  if (kind === "details") {
    return `<details>\n<summary>${capitalize(random.pick(VERBS))} the ${random.pick(NOUNS)}</summary>\n\n${paragraph(random, () => null, 2)}\n\n</details>`;
  }
  if (kind === "kbd") return `Press <kbd>Ctrl</kbd> + <kbd>${random.pick(["K", "P", "Shift"])}</kbd> to ${random.pick(VERBS)} the ${random.pick(NOUNS)}.<br>\nThe ${random.pick(NOUNS)} is <sup>${random.pick(ADJECTIVES)}</sup>.`;
  if (kind === "figure" && image) {
    return `<p align="center">\n  <img src="${image}" alt="${capitalize(random.pick(NOUNS))} diagram" width="${random.int(2, 6) * 80}">\n</p>`;
  }
  return `<!-- ${random.pick(NOUNS)}: keep in sync with the ${random.pick(NOUNS)} -->\n<div class="${random.pick(NOUNS)}-note">${sentence(random, () => null)}</div>`;
}

// ---------------------------------------------------------------------------
// Images: small real PNGs (zlib, no library) and SVGs.

function png(random: Random, width: number, height: number): Buffer {
  const [r, g, b] = [random.int(40, 215), random.int(40, 215), random.int(40, 215)];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x++) {
      const shade = ((x >> 3) + (y >> 3)) % 2 === 0 ? 1 : 0.8;
      raw[row + 1 + x * 3] = Math.round(r * shade * (1 - x / width / 3));
      raw[row + 2 + x * 3] = Math.round(g * shade);
      raw[row + 3 + x * 3] = Math.round(b * shade * (1 - y / height / 3));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function svg(random: Random): string {
  const boxes = Array.from({ length: random.int(2, 4) }, (_, i) => {
    const x = 10 + i * 90;
    return `  <rect x="${x}" y="20" width="70" height="40" rx="6" fill="none" stroke="currentColor"/>\n  <text x="${x + 35}" y="45" text-anchor="middle" font-size="12">${random.pick(NOUNS)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${20 + boxes.length * 90} 80" role="img" aria-label="${random.pick(NOUNS)} flow">\n${boxes.join("\n")}\n</svg>\n`;
}

// ---------------------------------------------------------------------------
// The folder.

type PlannedPage = {
  relativePath: string;
  url: string;
  title: string;
  headings: string[];
  frontMatter: string | null;
  /** Whether the file starts with `# Title` (pages without a title in front matter always do). */
  heading: boolean;
  long: boolean;
};

/** The URL the shared design gives a file: /guide/<path without .md>, a folder's index.md at the folder. */
export function pageUrl(relativePath: string): string {
  const parts = relativePath.replace(/\.md$/i, "").split("/");
  if (parts.at(-1) === "index") parts.pop();
  return ["/guide", ...parts].join("/");
}

function planPages(random: Random): PlannedPage[] {
  const files = [...TOP_LEVEL, ...FOLDERS.filter((folder) => folder.index).map((folder) => `${folder.path}/index.md`), LONG_PAGE];
  const taken = new Set(files);
  while (files.length < PAGE_COUNT) {
    const folder = random.pick(FOLDERS).path;
    const name = random.chance(0.5) ? kebab([random.pick(VERBS), random.pick(NOUNS)]) : kebab([random.pick(ADJECTIVES), plural(random.pick(NOUNS))]);
    const file = `${folder}/${name}.md`;
    if (taken.has(file)) continue;
    taken.add(file);
    files.push(file);
  }
  files.sort();

  return files.map((relativePath) => {
    const long = relativePath === LONG_PAGE;
    const here = path.posix.dirname(relativePath);
    const base = path.posix.basename(relativePath, ".md");
    const name = base === "index" ? path.posix.basename(path.posix.dirname(relativePath)) : base;
    const title =
      relativePath === "index.md" ? "Acme Toolkit" : relativePath === NAV_PROBE ? "Glossary" : long ? "Configuration options" : capitalize(name.replaceAll("-", " "));
    const headings: string[] = [];
    const headingCount = long ? 12 : random.int(3, 7);
    while (headings.length < headingCount) {
      const text = capitalize(`${random.pick(VERBS)} ${random.chance(0.5) ? "the " : ""}${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`);
      if (!headings.includes(text)) headings.push(text);
    }
    // Front matter on about half the pages, in the shapes different tools use.
    let frontMatter: string | null = null;
    const description = `${capitalize(random.pick(VERBS))} and ${random.pick(VERBS)} ${plural(random.pick(NOUNS))} with the ${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}.`;
    if (long || relativePath === "index.md" || random.chance(0.5)) {
      frontMatter = random.pick([
        `title: ${title}\ndescription: ${description}\norder: ${random.int(1, 20)}`,
        `title: ${title}\nsidebar_position: ${random.int(1, 20)}`,
        `title: "${title}"\nnav_order: ${random.int(1, 20)}${here === "." ? "" : `\nparent: ${capitalize(here.split("/")[0]!)}`}`,
        `description: ${description}`,
        `weight: ${random.int(1, 20) * 10}\ntitle: ${title}\ntags: [${random.pick(NOUNS)}, ${random.pick(NOUNS)}]`,
      ]);
      // The long page comes first in its folder, so the glossary is never its neighbour.
      if (long) frontMatter = `title: ${title}\ndescription: ${description}\norder: 1`;
    }
    const titleInFrontMatter = frontMatter?.includes("title:") ?? false;
    return { relativePath, url: pageUrl(relativePath), title, headings, frontMatter, heading: !titleInFrontMatter || random.chance(0.5), long };
  });
}

function writePage(random: Random, dir: string, page: PlannedPage, pages: PlannedPage[]): void {
  const here = path.posix.dirname(page.relativePath);
  const folder = path.join(dir, here);
  fs.mkdirSync(folder, { recursive: true });

  // Images beside the page: in an img/ folder next to it, or right next to it.
  const images: string[] = [];
  for (let i = 0; i < (page.long ? 4 : random.int(0, 2)); i++) {
    const stem = path.posix.basename(page.relativePath, ".md");
    const name = `${stem}-${kebab([random.pick(NOUNS), String(i + 1)])}`;
    const inImgFolder = random.chance(0.5);
    const relative = `${inImgFolder ? "img/" : ""}${name}.${random.chance(0.6) ? "png" : "svg"}`;
    const file = path.join(folder, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (relative.endsWith(".png")) fs.writeFileSync(file, png(random, random.int(4, 12) * 16, random.int(3, 8) * 16));
    else fs.writeFileSync(file, svg(random));
    images.push(`./${relative}`);
  }

  // Nothing links to the glossary, so on any page its link is the navigation's.
  const others = pages.filter((other) => other !== page && other.relativePath !== NAV_PROBE);
  const links = () => {
    const target = random.pick(others);
    let href = path.posix.relative(here, target.relativePath);
    if (!href.startsWith(".")) href = `./${href}`;
    const form = random.int(0, 4);
    if (form === 1) href = href.replace(/\.md$/, ""); // without .md
    if (form === 2 && target.headings.length > 0) href += `#${headingId(random.pick(target.headings))}`; // with an anchor
    if (form === 3 && href.endsWith("/index.md")) href = href.slice(0, -"index.md".length); // a folder link
    return `[${target.title.toLowerCase()}](${href})`;
  };

  const blocks: string[] = [];
  if (page.frontMatter) blocks.push(`---\n${page.frontMatter}\n---`);
  if (page.heading) blocks.push(`# ${page.title}`);
  blocks.push(paragraph(random, links, random.int(2, 3)));
  if (page.relativePath === NAV_PROBE) {
    blocks.push(...NOUNS.slice(0, 24).map((noun) => `**${capitalize(noun)}** — ${sentence(random, () => null)}`));
  }

  const codeChance = page.long ? 0.6 : 0.45;
  page.headings.forEach((heading, index) => {
    blocks.push(`## ${heading}`);
    blocks.push(paragraph(random, links));
    if (page.long && index === Math.floor(page.headings.length / 2)) blocks.push(`${paragraph(random, links, 2)} ${LONG_PAGE_SENTENCE}.`);
    const parts = page.long ? random.int(2, 3) : random.int(1, 3);
    for (let i = 0; i < parts; i++) {
      if (random.chance(codeChance)) blocks.push(codeBlock(random, random.pick(LANGUAGES)));
      const extra = random.int(0, 9);
      if (extra === 0) blocks.push(table(random));
      else if (extra === 1) blocks.push(list(random, links));
      else if (extra === 2) blocks.push(callout(random, links));
      else if (extra === 3) blocks.push(rawHtml(random, images.length > 0 ? random.pick(images) : null));
      else if (extra === 4 && images.length > 0) blocks.push(`![${capitalize(random.pick(ADJECTIVES))} ${random.pick(NOUNS)}](${random.pick(images)})`);
      blocks.push(paragraph(random, links));
    }
    if (random.chance(0.4)) {
      blocks.push(`### ${capitalize(`${random.pick(ADJECTIVES)} ${plural(random.pick(NOUNS))}`)}`);
      blocks.push(paragraph(random, links));
      if (random.chance(0.5)) blocks.push(list(random, links));
    }
  });
  if (page.long) blocks.push(table(random), table(random), callout(random, links), callout(random, links), callout(random, links));

  fs.writeFileSync(path.join(dir, page.relativePath), `${blocks.join("\n\n")}\n`);
}

/** Writes the corpus into `dir` (created if missing; it should be empty) and describes it. */
export function makeDocsCorpus(dir: string, seed = 10): DocsCorpus {
  const random = createRandom(seed);
  fs.mkdirSync(dir, { recursive: true });
  const pages = planPages(random);
  for (const page of pages) writePage(random, dir, page, pages);
  // A tool's dot-folder, as real docs folders have: not part of the docs.
  fs.mkdirSync(path.join(dir, ".vitepress"), { recursive: true });
  fs.writeFileSync(path.join(dir, ".vitepress", "config.mts"), 'export default { title: "Acme Toolkit" };\n');

  const find = (relativePath: string) => pages.find((page) => page.relativePath === relativePath)!;
  return {
    dir,
    pages: pages.map(({ relativePath, url, title }) => ({ relativePath, url, title })),
    longPage: { relativePath: LONG_PAGE, url: find(LONG_PAGE).url, sentence: LONG_PAGE_SENTENCE },
    navProbe: { relativePath: NAV_PROBE, url: find(NAV_PROBE).url, title: find(NAV_PROBE).title },
  };
}

if (import.meta.main) {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : fs.mkdtempSync(path.join(os.tmpdir(), "docs-corpus-"));
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    console.error(`${dir} is not empty; give an empty or new folder.`);
    process.exit(1);
  }
  const corpus = makeDocsCorpus(dir);
  console.log(`${corpus.pages.length} pages in ${dir}; the long page is ${corpus.longPage.url}`);
}

/** The corpus' pages: the folder of a bench's `--sizes`, as copies of it. */
export const CORPUS_PAGES = 200;

/**
 * About `pages` pages: the corpus in `dir` itself, or copies of it in
 * part-00, part-01, … each with a seed of its own. Returns the folders
 * written and how many copies they are.
 */
export function makeDocsCorpusCopies(dir: string, pages: number): { folders: string[]; copies: number } {
  const copies = Math.max(1, Math.round(pages / CORPUS_PAGES));
  if (copies === 1) {
    makeDocsCorpus(dir);
    return { folders: [dir], copies };
  }
  const folders = Array.from({ length: copies }, (_, copy) => path.join(dir, `part-${String(copy).padStart(2, "0")}`));
  folders.forEach((folder, copy) => makeDocsCorpus(folder, copy + 1));
  return { folders, copies };
}
