/**
 * The newcomer test's app: React Router's default template (the fixture in
 * test/templates/default, Tailwind and all) with this package installed from
 * its tarball and the README's quick start applied as written: its new files
 * written, its diffs applied to the template's files (scripts/quick-start.ts,
 * which fails on a hunk that does not fit), then type-checked as the
 * template's `typecheck` script does and built for production into
 * test/.generated/newcomer-app. The browser tests then run the first-paint
 * matrix against it (the playwright config's `newcomer` project), so a
 * README change that breaks the quick start, or the template's own look,
 * fails them.
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
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp, reactRouter, run } from "../test/support/react-router-cli.ts";
import { applyQuickStartStep, quickStartSteps } from "./quick-start.ts";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const templateDir = fileURLToPath(new URL("../test/templates/default/", import.meta.url));
const generatedDir = path.join(packageDir, "test/.generated");
const appDir = path.join(generatedDir, "newcomer-app");
const require = createRequire(import.meta.url);
const typescriptManifest = require.resolve("typescript/package.json");
const typescriptCli = path.join(path.dirname(typescriptManifest), (require(typescriptManifest) as { bin: Record<string, string> }).bin["tsc"]!);

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
  const steps = quickStartSteps(fs.readFileSync(readme, "utf8"));
  for (const step of steps) applyQuickStartStep(appDir, step);

  // The template's `typecheck` script: `react-router typegen && tsc`.
  await reactRouter(appDir, ["typegen"]);
  await run(process.execPath, [typescriptCli, "--project", appDir], appDir);
  await buildApp(appDir, "production");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const summary = steps.map((step) => `${step.path} (${step.kind})`).join(", ");
  console.log(`Newcomer app: ${summary} from the README's quick start; type-checked and built in ${seconds} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
