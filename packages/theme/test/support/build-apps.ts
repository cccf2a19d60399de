/**
 * Builds every fixture app in test/apps with React Router's CLI, side by
 * side. The package itself must be built first (its dist/ is what the apps
 * import through the workspace link).
 *
 * The browser gets React's development build, so a hydration difference
 * anywhere is a console warning, which fails whichever test saw it. The
 * newcomer's app (scripts/newcomer-app.ts) is built for production, as a
 * newcomer would, so both builds are covered.
 *
 * The SPA is the exception, built for production: React Router's development
 * build of an SPA whose root exports no HydrateFallback renders a hint to the
 * developer where the prerendered index.html has its context script, a
 * hydration difference of React Router's own that no theme code can avoid.
 * Usage: node test/support/build-apps.ts
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp } from "./react-router-cli.ts";

const packageDir = fileURLToPath(new URL("../../", import.meta.url));
if (!fs.existsSync(new URL("dist/index.js", `file://${packageDir}`))) {
  throw new Error("react-router-theme is not built: run `npm run build -w react-router-theme` first.");
}

const appsDir = new URL("../apps/", import.meta.url);
const apps = fs.readdirSync(appsDir).map((name) => fileURLToPath(new URL(`${name}/`, appsDir)));
const started = performance.now();
await Promise.all(apps.map((app) => buildApp(app, app.endsWith("/spa/") ? "production" : "development")));
console.log(`Built ${apps.length} fixture apps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
