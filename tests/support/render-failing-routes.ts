/**
 * Runs in its own Node process (production React, the production build):
 * adds two routes that fail on purpose, one in its loader and one while
 * rendering, asks the build's own request handler for each and then for a
 * normal page, and prints what came back as JSON.
 */
import type { ServerBuild } from "react-router";

process.env.NODE_ENV = "production";
const build = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as ServerBuild;
const { createRequestHandler } = await import("react-router");

const failing: Record<string, Record<string, unknown>> = {
  "routes/loader-fails": {
    loader() {
      throw new Error("database password is hunter2");
    },
    default: () => null,
  },
  "routes/render-fails": {
    default: () => {
      throw new Error("render secret at /srv/app/secret.ts:12");
    },
  },
};
const routes = { ...build.routes };
const assetRoutes = { ...build.assets.routes };
const template = build.assets.routes["routes/home"]!;
for (const [id, module] of Object.entries(failing)) {
  const path = id.replace("routes/", "");
  routes[id] = { id, parentId: "root", path, module: module as never };
  assetRoutes[id] = { ...template, id, index: undefined, path, hasLoader: "loader" in module };
}
const handle = createRequestHandler({ ...build, routes, assets: { ...build.assets, routes: assetRoutes } }, "production");

const logged: string[] = [];
console.error = (...args: unknown[]) => logged.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" "));
// Standard output carries the answers alone: the server's own log lines
// (the guide's "pages rendered" line, written when the background work
// ends) would break the JSON.
console.log = (...args: unknown[]) => logged.push(args.map(String).join(" "));

const answers = [];
for (const path of ["/loader-fails", "/render-fails", "/guide/themes"]) {
  const response = await handle(new Request(`http://127.0.0.1${path}`));
  answers.push({ path, status: response.status, html: await response.text() });
}
process.stdout.write(JSON.stringify({ answers, logged }), () => process.exit(0));
