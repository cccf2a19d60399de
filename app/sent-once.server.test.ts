import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isDocumentRequest, keptBackValues, sendOnce } from "./sent-once.server";

const article = "<p>The article, once.</p>";

describe("sendOnce", () => {
  it("keeps the value out of a document request's data and hands it to that request's render", () => {
    const context = new RouterContextProvider();
    const request = new Request("http://localhost/guide/themes");
    expect(sendOnce({ request, context }, "guide-article", article)).toBeNull();
    expect(keptBackValues(context)?.get("guide-article")).toBe(article);
  });

  it("sends the value in the data of a client-side navigation, and keeps nothing back", () => {
    const context = new RouterContextProvider();
    for (const url of ["http://localhost/guide/themes.data", "http://localhost/guide/_.data?_routes=routes%2Fguide"]) {
      expect(sendOnce({ request: new Request(url), context }, "guide-article", article)).toBe(article);
    }
    expect(keptBackValues(context)).toBeNull();
  });

  it("keeps each request's values apart", () => {
    const first = new RouterContextProvider();
    const second = new RouterContextProvider();
    sendOnce({ request: new Request("http://localhost/guide/a"), context: first }, "guide-article", "a");
    expect(keptBackValues(second)).toBeNull();
    sendOnce({ request: new Request("http://localhost/guide/b"), context: second }, "guide-article", "b");
    expect(keptBackValues(first)?.get("guide-article")).toBe("a");
  });
});

describe("isDocumentRequest", () => {
  it("tells a page's address from its data's, whatever the query says", () => {
    expect(isDocumentRequest(new Request("http://localhost/guide?x=.data"))).toBe(true);
    expect(isDocumentRequest(new Request("http://localhost/guide.data?x=1"))).toBe(false);
  });
});
