import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.server.js";

const SITE = "https://site.test";

/** Every ways a "where next" value has been used to leave a site, and none may. */
const bypasses: Array<[string, unknown]> = [
  ["a protocol-relative URL", "//evil.example"],
  ["three slashes", "///evil.example"],
  ["a slash and a backslash", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["a backslash and a slash", "\\/evil.example"],
  ["an absolute https URL", "https://evil.example"],
  ["an absolute URL to this very site", "https://site.test/guide"],
  ["a scheme without slashes", "http:evil.example"],
  ["a javascript: URL", "javascript:alert(1)"],
  ["an upper-case javascript: URL", "JAVASCRIPT:alert(1)"],
  ["a data: URL", "data:text/html,<script>alert(1)</script>"],
  ["a tab between the slashes", "/\t/evil.example"],
  ["a newline between the slashes", "/\n/evil.example"],
  ["a carriage return and line feed", "/\r\nSet-Cookie: x=1"],
  ["a vertical tab between the slashes", "/\u000b/evil.example"],
  ["a leading tab", "\t//evil.example"],
  ["a leading space", " /evil"],
  ["a leading no-break space", "\u00a0//evil.example"],
  ["a dot segment that leaves two slashes", "/.//evil.example"],
  ["a dot-dot segment that leaves two slashes", "/..//evil.example"],
  ["dot-dot segments that climb past the root", "/a/../..//evil.example"],
  ["percent-encoded dot-dot segments", "/%2e%2e//evil.example"],
  ["a percent-encoded dot segment", "/%2E//evil.example"],
  ["a NUL byte", "/guide\u0000"],
  ["a NUL byte between the slashes", "/\u0000/evil.example"],
  ["a DEL character", "/\u007f/evil.example"],
  ["a bare host name", "evil.example"],
  ["a relative path", "guide/themes"],
  ["a dot-relative path", "./guide"],
  ["a query alone", "?x=1"],
  ["a fragment alone", "#top"],
  ["an empty string", ""],
  ["a 3000-character path", `/${"a".repeat(2999)}`],
  ["undefined", undefined],
  ["null", null],
  ["a number", 42],
  ["an object", { toString: () => "//evil.example" }],
  ["an array holding a path", ["/guide"]],
  ["a String object", new String("/guide")],
  ["a File", new File(["/guide"], "/guide")],
];

/** Local values, and what the code keeps of them. */
const kept: Array<[string, string, string]> = [
  ["the home page", "/", "/"],
  ["a page with a query", "/guide/themes?x=1", "/guide/themes?x=1"],
  ["a page with a fragment, which is dropped", "/guide#h", "/guide"],
  ["a query that holds a URL, which stays a query", "/guide?next=//evil.example", "/guide?next=//evil.example"],
  ["a percent-encoded tab, which stays encoded", "/%09/evil.example", "/%09/evil.example"],
  ["percent-encoded CR LF, which stay encoded", "/%0d%0aSet-Cookie:x=1", "/%0d%0aSet-Cookie:x=1"],
  ["a percent-encoded slash, which stays encoded", "/%2F/evil.example", "/%2F/evil.example"],
  ["a single dot segment, which normalises away", "/./", "/"],
  ["dot-dot segments inside the site", "/guide/../appearance", "/appearance"],
  ["a space, which is encoded", "/a b", "/a%20b"],
  ["a non-ASCII letter, which is encoded", "/caf\u00e9", "/caf%C3%A9"],
  ["a path of exactly 2048 characters", `/${"a".repeat(2047)}`, `/${"a".repeat(2047)}`],
];

describe("safeRedirectPath", () => {
  it.each(bypasses)("turns %s into the home page", (_name, value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it.each(kept)("keeps %s", (_name, value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it("refuses a path one character over the limit", () => {
    expect(safeRedirectPath(`/${"a".repeat(2048)}`)).toBe("/");
  });

  it("keeps a percent-encoded tab as a path on this site", () => {
    const result = safeRedirectPath("/%09/evil.example");
    expect(result).toMatch(/^\/[^/\\]/);
    expect(new URL(result, SITE).host).toBe("site.test");
  });

  describe("whatever it is given", () => {
    const everyValue = [...bypasses, ...kept.map(([name, value]) => [name, value] as [string, unknown])];
    it.each(everyValue)("answers %s with a path that stays on this site", (_name, value) => {
      const result = safeRedirectPath(value);
      expect(typeof result).toBe("string");
      expect(result.startsWith("/")).toBe(true);
      expect(result.startsWith("//")).toBe(false);
      expect(result.startsWith("/\\")).toBe(false);
      // Fit for a Location header: printable ASCII only, so nothing a header could be split on.
      expect(result).toMatch(/^[\x21-\x7e]+$/);
      const resolved = new URL(result, SITE);
      expect(resolved.origin).toBe(SITE);
      // Browsers read "\" as "/": read that way, it must still stay here.
      expect(new URL(result.replaceAll("\\", "/"), SITE).origin).toBe(SITE);
    });
  });
});
