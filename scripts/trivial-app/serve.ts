/**
 * Serves a build of the trivial app for `npm run bench:browser`, the way
 * `react-router-serve` serves the template: compression, hashed assets
 * cached for good, the rest of build/client, then React Router's handler.
 * Usage: NODE_ENV=production node serve.ts <buildDirectory>
 * (NODE_ENV before anything is imported, so React loads its production
 * build). Listens on a free loopback port and prints its URL once listening.
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const buildDirectory = path.resolve(process.argv[2]!);
const build = (await import(pathToFileURL(path.join(buildDirectory, "server/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(buildDirectory, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDirectory, "client"), { maxAge: "1h" }));
app.use(createRequestHandler({ build }));

const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
