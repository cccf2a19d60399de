import { describe, expect, it } from "vitest";
import { editUrl } from "./edit-url";

describe("editUrl", () => {
  const base = "https://github.com/owner/repo/edit/main/docs/";

  it("appends the page's file path to the base, with or without its trailing slash", () => {
    expect(editUrl(base, "setup/install.md")).toBe("https://github.com/owner/repo/edit/main/docs/setup/install.md");
    expect(editUrl(base.slice(0, -1), "index.md")).toBe("https://github.com/owner/repo/edit/main/docs/index.md");
  });

  it("encodes each segment, so a file name can add no query, fragment or extra folder", () => {
    expect(editUrl(base, "a b/c?d#e%f.md")).toBe("https://github.com/owner/repo/edit/main/docs/a%20b/c%3Fd%23e%25f.md");
    expect(editUrl(base, "café.md")).toBe("https://github.com/owner/repo/edit/main/docs/caf%C3%A9.md");
  });

  it("never climbs out of the base folder", () => {
    expect(editUrl(base, "../../../settings/x.md")).toBe("https://github.com/owner/repo/edit/main/docs/settings/x.md");
  });

  it("keeps a query of the base after the path", () => {
    expect(editUrl("https://gitlab.example/-/edit/docs?ref=main", "a.md")).toBe("https://gitlab.example/-/edit/docs/a.md?ref=main");
  });

  it("gives no link without a base, or for a base that is not an http(s) URL", () => {
    expect(editUrl(null, "a.md")).toBeNull();
    expect(editUrl("javascript:alert(1)//", "a.md")).toBeNull();
    expect(editUrl("not a url", "a.md")).toBeNull();
  });
});
