import { describe, expect, test } from "vitest";
import { meta } from "./guide-page";

type MetaArgs = Parameters<typeof meta>[0];

/** What a loader's `throw data(null, { status })` reaches meta and the error boundary as. */
function errorResponse(status: number) {
  return { status, statusText: "", internal: false, data: null };
}

function titleOf(error: unknown): unknown {
  const matches = [{ id: "root", loaderData: { siteName: "Acme Docs" } }] as unknown as MetaArgs["matches"];
  const tags = meta({ loaderData: undefined, matches, error } as unknown as MetaArgs) ?? [];
  const title = tags.find((tag) => "title" in tag);
  return title && "title" in title ? title.title : undefined;
}

describe("a guide page's title when it has no page to show", () => {
  test("says the page was not found for an address the guide has no page at", () => {
    expect(titleOf(errorResponse(404))).toBe("Page not found · Acme Docs");
  });

  test("does not say not found when the page exists but could not be shown", () => {
    expect(titleOf(new Error("the render worker stopped"))).toBe("Page could not be shown · Acme Docs");
    expect(titleOf(errorResponse(503))).toBe("Page could not be shown · Acme Docs");
  });
});
