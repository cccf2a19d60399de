import { describe, expect, it } from "vitest";
import { identifierBreaks } from "./identifier-breaks";

describe("where a long identifier may wrap", () => {
  it("splits a long name after punctuation and before each capital of its camelCase", () => {
    expect(identifierBreaks("createStaticHandler.queryRoute()")).toEqual(["create", "Static", "Handler.", "query", "Route(", ")"]);
    expect(identifierBreaks("server_side_rendering/options")).toEqual(["server_", "side_", "rendering/", "options"]);
  });

  it("leaves ordinary words and short names whole, spaces included", () => {
    expect(identifierBreaks("Getting started with useLoaderData")).toEqual(["Getting started with useLoaderData"]);
    expect(identifierBreaks("The useFetcher hook, its fetcher.data")).toEqual(["The useFetcher hook, its fetcher.data"]);
  });

  it("keeps every character, so the parts read back as the text", () => {
    const text = "Using clientMiddlewareFunctionArgs in a route module";
    const parts = identifierBreaks(text);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join("")).toBe(text);
  });
});
