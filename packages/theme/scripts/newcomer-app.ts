/**
 * The newcomer test's app: React Router's minimal template (as the repository
 * keeps it in scripts/trivial-app) with this package installed from its
 * tarball and the README's quick start applied as written, built for
 * production into test/.generated/newcomer-app. The browser tests then run
 * the first-paint matrix against it (the playwright config's `newcomer`
 * project), so a README change that breaks the quick start fails them.
 *
 * Build the package first (`npm run test:e2e` does): the tarball is packed
 * from dist/ without running `prepack` again.
 * Usage, from packages/theme: node scripts/newcomer-app.ts [README]
 * (another README in place of the package's, to see the test catch a broken
 * quick start without touching the real one).
 *
 * Nothing is installed from the registry: the app's other dependencies
 * (react, react-router…) resolve from the repository's node_modules, up the
 * folder tree, as the fixture apps' do.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../test/support/react-router-cli.ts";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const templateDir = fileURLToPath(new URL("../../../scripts/trivial-app/", import.meta.url));
const generatedDir = path.join(packageDir, "test/.generated");
const appDir = path.join(generatedDir, "newcomer-app");

export type QuickStartFile = { path: string; content: string };

/**
 * The files the README's "Quick start" section tells a newcomer to write:
 * every fenced code block there whose info string names a file
 * (```ts title="app/theme.ts"), in order. Each block is the whole file.
 */
export function quickStartFiles(readme: string): QuickStartFile[] {
  const start = readme.search(/^## Quick start[ \t]*$/m);
  if (start < 0) throw new Error('The README has no "## Quick start" section.');
  const rest = readme.slice(start + "## Quick start".length);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);

  const files: QuickStartFile[] = [];
  // A fence of three or more backticks or tildes, closed by the same kind, at least as long.
  const fence = /^( {0,3})(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)^ {0,3}\2[`~]*[ \t]*$/gm;
  for (const match of section.matchAll(fence)) {
    const [, indent = "", , info = "", body = ""] = match;
    const title = /(?:^|\s)title="([^"]+)"/.exec(info)?.[1];
    if (title === undefined) continue;
    const content = body
      .split("\n")
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
      .join("\n");
    files.push({ path: title, content });
  }
  if (files.length === 0) throw new Error('The README\'s "Quick start" has no code block with a title="path".');
  return files;
}

function writeInside(root: string, relativePath: string, content: string) {
  const target = path.resolve(root, relativePath);
  if (path.isAbsolute(relativePath) || !target.startsWith(root + path.sep)) {
    throw new Error(`The quick start names ${relativePath}, which is not a path inside the app.`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
}

/** `npm pack` of the package, as a registry would serve it; returns the tarball's path. */
function packPackage(): string {
  if (!fs.existsSync(path.join(packageDir, "dist/index.js"))) {
    throw new Error("react-router-theme is not built: run `npm run build -w react-router-theme` first.");
  }
  const output = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", generatedDir], {
    cwd: packageDir,
    encoding: "utf8",
  });
  const [packed] = JSON.parse(output) as Array<{ filename: string }>;
  if (!packed) throw new Error(`npm pack printed no tarball:\n${output}`);
  return path.join(generatedDir, packed.filename);
}

async function main() {
  const started = performance.now();
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.mkdirSync(generatedDir, { recursive: true });
  fs.cpSync(templateDir, appDir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|build|\.react-router)$/.test(source),
  });

  // `npm install react-router-theme`, from the tarball: unpacked where npm would put it.
  const tarball = packPackage();
  const installed = path.join(appDir, "node_modules/react-router-theme");
  fs.mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  const manifestPath = path.join(appDir, "package.json");
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as { dependencies: Record<string, string> };
  const { version } = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as { version: string };
  manifest.dependencies["react-router-theme"] = `^${version}`;
  fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

  const readme = path.resolve(process.argv[2] ?? path.join(packageDir, "README.md"));
  const files = quickStartFiles(fs.readFileSync(readme, "utf8"));
  for (const file of files) writeInside(appDir, file.path, file.content);

  await buildApp(appDir, "production");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Newcomer app: ${files.map((file) => file.path).join(", ")} from the README's quick start; built in ${seconds} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
