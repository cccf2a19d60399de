import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./same-origin.server.js";

function post(headers: Record<string, string>, url = "https://site.test/theme"): Request {
  return new Request(url, { method: "POST", headers });
}

describe("isCrossSiteRequest", () => {
  const allowed: Array<[string, Record<string, string>]> = [
    ["no Sec-Fetch-Site and no Origin (curl, a script)", {}],
    ["Sec-Fetch-Site: same-origin", { "Sec-Fetch-Site": "same-origin" }],
    ["Sec-Fetch-Site: none (typed or bookmarked)", { "Sec-Fetch-Site": "none" }],
    ["an Origin matching the host", { Origin: "https://site.test" }],
    ["an Origin matching the host, with Sec-Fetch-Site: same-origin", { Origin: "https://site.test", "Sec-Fetch-Site": "same-origin" }],
    // What Chromium sends for a plain form post from a page served with Referrer-Policy: no-referrer.
    ["Sec-Fetch-Site: same-origin and Origin: null (a form post under Referrer-Policy: no-referrer)", { Origin: "null", "Sec-Fetch-Site": "same-origin" }],
  ];
  it.each(allowed)("lets through a request with %s", (_name, headers) => {
    expect(isCrossSiteRequest(post(headers))).toBe(false);
  });

  const refused: Array<[string, Record<string, string>]> = [
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
    ["an unknown Sec-Fetch-Site value", { "Sec-Fetch-Site": "whatever" }],
    ["Sec-Fetch-Site: cross-site even with a matching Origin", { "Sec-Fetch-Site": "cross-site", Origin: "https://site.test" }],
    ["an Origin of another host", { Origin: "https://evil.example" }],
    ["an Origin of a subdomain", { Origin: "https://evil.site.test" }],
    ["an Origin of the same host on another port", { Origin: "https://site.test:8443" }],
    ["an Origin whose host only starts like ours", { Origin: "https://site.test.evil.example" }],
    ["Origin: null and no Sec-Fetch-Site (sandboxed frame, data: URL)", { Origin: "null" }],
    ["Origin: null and Sec-Fetch-Site: cross-site", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
    ["a garbage Origin", { Origin: "not a url" }],
    ["an empty Origin", { Origin: "" }],
    ["another host with Sec-Fetch-Site: same-origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }],
  ];
  it.each(refused)("refuses a request with %s", (_name, headers) => {
    expect(isCrossSiteRequest(post(headers))).toBe(true);
  });

  it("compares the Origin with the host the request was sent to, port included", () => {
    const request = post({ Origin: "http://127.0.0.1:3210" }, "http://127.0.0.1:3210/theme");
    expect(isCrossSiteRequest(request)).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "http://127.0.0.1:9999" }, "http://127.0.0.1:3210/theme"))).toBe(true);
  });
});
