import { afterEach, describe, expect, it, vi } from "vitest";
import { GuideContentError } from "./guide/guide-content-error";
import { handleError } from "./request-errors.server";

const request = (method = "GET") => new Request("http://localhost/guide/a", { method });
const handled = (error: unknown, given = request()) => handleError(error, { request: given, params: {}, context: undefined as never });

afterEach(() => vi.restoreAllMocks());

describe("the server's log of errors met while answering", () => {
  it("gives a page of the folder that could not be shown one line, its message, and no stack", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    handled(new GuideContentError("/docs/a.md: could not be rendered: The render worker stopped (SIGKILL)", "/docs/a.md"));
    expect(errors.mock.calls).toEqual([["/docs/a.md: could not be rendered: The render worker stopped (SIGKILL)"]]);
  });

  it("gives a post React Router refused one line, and anything else the whole error", () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    handled(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."), request("POST"));
    expect(warnings.mock.calls).toEqual([["Refused POST /guide/a: The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."]]);
    const bug = new TypeError("undefined is not a function");
    handled(bug);
    expect(errors.mock.calls).toEqual([[bug]]);
  });

  it("says nothing of a request its client gave up on", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    handled(new Error("aborted"), new Request("http://localhost/guide/a", { signal: controller.signal }));
    expect(errors).not.toHaveBeenCalled();
  });
});
