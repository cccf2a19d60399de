/**
 * Serves a fixture app's production build on a port, the way a small
 * Express deployment would: hashed assets cached for good, prerendered
 * pages and other files of build/client as they are, and then React
 * Router's handler, or for SPA mode (`ssr: false`) index.html for every
 * other GET, as a static host is set up to do.
 * Usage: NODE_ENV=production node serve-app.ts <app folder> <port>
 * (NODE_ENV before anything is imported, so React loads its production build).
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const [appFolder, portArgument] = process.argv.slice(2);
if (!appFolder || !portArgument) throw new Error("Usage: node serve-app.ts <app folder> <port>");
const client = path.resolve(appFolder, "build/client");
const build = (await import(pathToFileURL(path.resolve(appFolder, "build/server/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
// React Router's templates ship public/favicon.ico (the newcomer's app, made from
// one, has it); the fixture apps leave it out. Without an answer the browser's own
// request for it is a 404 in the console, which the tests rightly treat as a
// failure, so only an app without one gets an empty answer.
if (!fs.existsSync(path.join(client, "favicon.ico"))) {
  app.get("/favicon.ico", (_request, response) => {
    response.status(204).end();
  });
}
app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
// A prerendered page is build/client/<path>/index.html; "/" is found by express.static's index.
app.get(/.*/, (request, response, next) => {
  const file = path.join(client, request.path, "index.html");
  if (request.path === "/" || !file.startsWith(client + path.sep) || !fs.existsSync(file)) return next();
  response.sendFile(file);
});
app.use(express.static(client, { redirect: false }));
if (build.ssr) {
  app.use(createRequestHandler({ build }));
} else {
  app.get(/.*/, (_request, response) => response.sendFile(path.join(client, "index.html")));
}

const port = Number(portArgument);
const server = app.listen(port, "127.0.0.1", () => console.log(`${appFolder} on http://127.0.0.1:${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
