import { expect, test } from "vitest";
import { sectionOf } from "./pagefind-search";

/** The headings of a page as Pagefind lists them: element, id, text and the word they start at. */
const anchors = [
  { element: "h1", id: "middleware", text: "Middleware", location: 0 },
  { element: "h2", id: "framework", text: "Quick start (framework)", location: 40 },
  { element: "h3", id: "create-a-context", text: "Create a context", location: 45 },
  { element: "h2", id: "data", text: "Quick start (data)", location: 90 },
  { element: "h3", id: "create-a-context-1", text: "Create a context", location: 95 },
  { element: "h4", id: "server", text: "On the server", location: 120 },
];
const at = (id: string) => anchors.find((anchor) => anchor.id === id);

test("an export's result is the server's section: the h1 and what comes before it are the introduction, an h3 is named with its h2, an h4 is the section it is in", () => {
  expect(sectionOf(undefined, anchors, "/guide/middleware")).toEqual({ url: "/guide/middleware", parentTitle: null, sectionTitle: null });
  expect(sectionOf(at("middleware"), anchors, "/guide/middleware")).toEqual({ url: "/guide/middleware", parentTitle: null, sectionTitle: null });
  expect(sectionOf(at("data"), anchors, "/guide/middleware")).toEqual({ url: "/guide/middleware#data", parentTitle: null, sectionTitle: "Quick start (data)" });
  expect(sectionOf(at("create-a-context"), anchors, "/guide/middleware")).toEqual({
    url: "/guide/middleware#create-a-context",
    parentTitle: "Quick start (framework)",
    sectionTitle: "Create a context",
  });
  expect(sectionOf(at("server"), anchors, "/guide/middleware")).toEqual({
    url: "/guide/middleware#create-a-context-1",
    parentTitle: "Quick start (data)",
    sectionTitle: "Create a context",
  });
});
