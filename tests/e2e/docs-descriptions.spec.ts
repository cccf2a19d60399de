import type { APIRequestContext } from "@playwright/test";
import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "./fixtures";
import { testDocs } from "./support/docs-server";

/**
 * Every page says what it is about in <meta name="description">: its own
 * first paragraph, else the first text inside a callout or list it opens
 * with, else the site's (its landing page's) description; never an empty one.
 */
const test = testDocs("mkdocs", {
  port: 3288,
  prepare: async (contentDir) => {
    await fs.writeFile(path.join(contentDir, "callout-first.md"), '# Callout first\n\n!!! warning "Careful"\n    Back up your station files before upgrading.\n\n- then upgrade\n');
    await fs.writeFile(path.join(contentDir, "code-only.md"), "# Code only\n\n```sh\ntidewater --version\n```\n");
  },
});
test.describe.configure({ mode: "default" });

const descriptionOf = async (request: APIRequestContext, url: string) => {
  const html = await (await request.get(url)).text();
  return [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((match) => match[1]);
};

test("a page that opens with a callout is described by the callout's text", async ({ request }) => {
  expect(await descriptionOf(request, "/guide/callout-first")).toEqual(["Back up your station files before upgrading."]);
});

test("a page with no text of its own is described as the site is, by its landing page, not with an empty description", async ({ request }) => {
  expect(await descriptionOf(request, "/guide/code-only")).toEqual(["Tidewater predicts tide heights for any harbour from a small table of constants."]);
});
