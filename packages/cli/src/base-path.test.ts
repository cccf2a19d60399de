import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { manifestScript, parseBasePath, rebaseBuild } from "./base-path.ts";
import { UsageError } from "./command-line.ts";

describe("--base", () => {
  test.each([
    ["/tide-tables/", "/tide-tables"],
    ["tide-tables", "/tide-tables"],
    ["/docs/v1.2", "/docs/v1.2"],
    ["//a//b//", "/a/b"],
    ["/", ""],
  ])("%s is the base path %j", (given, basePath) => {
    expect(parseBasePath(given)).toBe(basePath);
  });

  test.each(["/../etc", "/docs/..", "/./x", "/a b/", "/caf%C3%A9/", "/a?b", "/a#b", "https://owner.github.io/repo/", "/<script>/", "/a\\b"])(
    "%s is refused with one line saying what a base path is",
    (given) => {
      expect(() => parseBasePath(given)).toThrow(UsageError);
      expect(() => parseBasePath(given)).toThrow(/^build: --base /);
    },
  );
});

const manifest = {
  entry: { module: "/assets/entry.client-1.js", imports: ["/assets/vendor-1.js"], css: [] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root-1.js", imports: ["/assets/vendor-1.js", "/assets/shared-1.js"], css: ["/assets/app-1.css"] },
    "routes/search": { id: "routes/search", parentId: "root", path: "search", module: "/assets/search-1.js", clientLoaderModule: "/assets/search-loader-1.js" },
  },
  url: "/assets/manifest-1.js",
  version: "1",
} as unknown as ServerBuild["assets"];
const build = { basename: "/", assets: manifest, publicPath: "/" } as unknown as ServerBuild;

describe("the server build under a base path", () => {
  test("is the build as it is at the host's root", () => {
    expect(rebaseBuild(build, "")).toBe(build);
  });

  test("answers under the base, with a final slash so that the base's own address is the home page", () => {
    expect(rebaseBuild(build, "/tide-tables").basename).toBe("/tide-tables/");
  });

  test("names every browser file under the base: the entry, each route's modules, imports and stylesheets, the manifest itself", () => {
    const rebased = rebaseBuild(build, "/tide-tables").assets;
    const addresses = JSON.stringify(rebased).match(/"\/[^"]*"/g) ?? [];
    expect(addresses.length).toBe(9);
    expect(addresses.every((address) => address.startsWith('"/tide-tables/assets/'))).toBe(true);
    expect(rebased.url).toBe("/tide-tables/assets/manifest-1.js");
    expect(rebased.routes["routes/search"]!.clientLoaderModule).toBe("/tide-tables/assets/search-loader-1.js");
    // The build loaded in the process is left as it was.
    expect(manifest.entry.module).toBe("/assets/entry.client-1.js");
  });

  test("writes the browser's manifest file as React Router does, from the rebased manifest", () => {
    const script = manifestScript(rebaseBuild(build, "/tide-tables").assets);
    expect(script).toMatch(/^window\.__reactRouterManifest=\{/);
    const parsed = JSON.parse(script.slice("window.__reactRouterManifest=".length, -1)) as ServerBuild["assets"];
    expect(parsed.entry.module).toBe("/tide-tables/assets/entry.client-1.js");
  });
});
