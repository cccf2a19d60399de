import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allowRouteMethods } from "./route-methods.ts";

/** The shape of this site's routes (app/routes.ts): pages, a pathless layout, resource routes, one action. */
const Page = () => null;
const loader = () => null;
const action = () => null;
const route = (id: string, parentId: string | undefined, path: string | undefined, module: object, index?: boolean) => ({
  [id]: { id, parentId, path, index, caseSensitive: undefined, module },
});
const build = {
  basename: "/",
  routes: {
    ...route("root", undefined, "", { default: Page }),
    ...route("routes/home", "root", undefined, { default: Page }, true),
    ...route("routes/guide", "root", undefined, { default: Page }),
    ...route("routes/guide-index", "routes/guide", "guide", { default: Page, loader }),
    ...route("routes/guide-page", "routes/guide", "guide/*", { default: Page, loader }),
    ...route("routes/guide-file", "root", "guide-files/*", { loader }),
    ...route("routes/theme", "root", "theme", { loader, action }),
    ...route("routes/sitemap", "root", "sitemap.xml", { loader }),
    ...route("routes/not-found", "root", "*", { default: Page, loader }),
  },
} as unknown as ServerBuild;

let origin = "";
let server: http.Server;
beforeAll(async () => {
  const app = express();
  app.use(allowRouteMethods(build));
  app.use((_request, response) => void response.type("text/plain").send("reached the app"));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

/** node:http, which sends any method (fetch refuses TRACE). */
function send(method: string, path: string) {
  return new Promise<{ status: number; allow?: string; type?: string; body: string }>((resolve, reject) => {
    const request = http.request(origin + path, { method }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      const { allow, "content-type": type } = response.headers;
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow, type, body }));
    });
    request.on("error", reject);
    request.end(method === "POST" ? "theme=dark" : undefined);
  });
}

describe("the methods an address answers", () => {
  test("a POST to a page, a file, the sitemap or an unknown address, which have no action, is refused 405 with Allow: GET, HEAD and a plain line", async () => {
    for (const path of ["/", "/?index", "/guide", "/guide/themes", "/guide.data", "/_.data", "/guide-files/a.png", "/sitemap.xml", "/no-such-page", "//elsewhere/theme"]) {
      expect(await send("POST", path), path).toEqual({ status: 405, allow: "GET, HEAD", type: "text/plain; charset=utf-8", body: "405 Method Not Allowed" });
    }
  });

  test("PUT, DELETE and PATCH to a page are refused the same way", async () => {
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      expect(await send(method, "/guide"), method).toMatchObject({ status: 405, allow: "GET, HEAD" });
    }
  });

  test("a POST to the theme form's address, as a form, as React Router's data request, or with a query, reaches the app", async () => {
    for (const path of ["/theme", "/theme/", "/theme.data", "/theme?index", "/theme?redirectTo=%2F"]) {
      expect(await send("POST", path), path).toMatchObject({ status: 200, body: "reached the app" });
    }
  });

  test("other methods at the theme form's address are refused with Allow: GET, HEAD, POST", async () => {
    for (const method of ["PUT", "DELETE", "TRACE"]) {
      expect(await send(method, "/theme"), method).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
    }
  });

  test("GET and HEAD reach the app everywhere", async () => {
    for (const path of ["/", "/guide", "/theme", "/no-such-page"]) {
      expect((await send("GET", path)).status, path).toBe(200);
      expect((await send("HEAD", path)).status, path).toBe(200);
    }
  });
});
