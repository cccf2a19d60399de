import { describe, expect, test, vi } from "vitest";
import { PageFileGoneError } from "../guide/guide-content-error";
import { RendererBusyError } from "../guide/service/page-renderer.server";
import { headers, loader, meta } from "./guide-page";

// The guide, standing in for one whose render fails as `failure.error` says.
const failure = vi.hoisted(() => ({ error: null as unknown }));
vi.mock("../guide/service/guide-service.server", () => ({
  getSiteConfig: async () => ({ editUrlBase: null }),
  getGuide: async () => ({
    pages: [],
    landing: null,
    findPage: (slug: string) => ({ slug, url: `/guide/${slug}`, file: `/docs/${slug}.md` }),
    render: async () => Promise.reject(failure.error),
  }),
}));

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

describe("a guide page whose render fails", () => {
  /** What the loader throws for the page "alpha" when its render fails with `error`. */
  async function thrownFor(error: unknown) {
    failure.error = error;
    const args = { params: { "*": "alpha" }, request: new Request("http://docs.test/guide/alpha"), context: {} } as unknown as Parameters<typeof loader>[0];
    return loader(args).then(
      () => null,
      (thrown: unknown) => thrown,
    );
  }

  test("is a 404 when its file was removed since the folder was read", async () => {
    expect(await thrownFor(new PageFileGoneError("/docs/alpha.md: gone since the folder was read (ENOENT)", "/docs/alpha.md"))).toMatchObject({ init: { status: 404 } });
  });

  test("is a 503 to ask again in five seconds when the renderer holds as many visitors' pages as it takes", async () => {
    const thrown = await thrownFor(new RendererBusyError("64 pages are waiting to be rendered for visitors already"));
    expect(thrown).toMatchObject({ init: { status: 503, headers: { "Retry-After": "5" } } });
  });

  test("is the error itself otherwise, for the error boundary and the log", async () => {
    const broken = new Error("the render worker stopped");
    expect(await thrownFor(broken)).toBe(broken);
  });
});

describe("a guide page's headers", () => {
  const args = (errorHeaders?: Headers) => ({ parentHeaders: new Headers({ "X-From-Root": "kept" }), loaderHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders }) as Parameters<typeof headers>[0];

  test("carry a 503's Retry-After into the answer, beside what the root gave", () => {
    expect(Object.fromEntries(headers(args(new Headers({ "Retry-After": "5" }))))).toEqual({ "x-from-root": "kept", "retry-after": "5" });
  });

  test("are the root's alone for a page shown", () => {
    expect(Object.fromEntries(headers(args()))).toEqual({ "x-from-root": "kept" });
  });
});

