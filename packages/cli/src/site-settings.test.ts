import { describe, expect, test } from "vitest";
import { UsageError } from "./command-line.ts";
import { batchEnvironment, siteEnvironment, useEnvironment } from "./site-settings.ts";

describe("the site's settings from the command line", () => {
  test("the folder and each option given go into the environment the server reads, over its variables", () => {
    const env = siteEnvironment("/docs", { port: "8080", "site-name": "Handbook", "edit-url": "https://example.com/edit" }, { PORT: "3000", HOST: "::1" });
    expect(env).toMatchObject({ CONTENT_DIR: "/docs", PORT: "8080", HOST: "::1", SITE_NAME: "Handbook", EDIT_URL_BASE: "https://example.com/edit" });
  });

  test("a bad value is a usage error naming the option it came from", () => {
    expect(() => siteEnvironment("/docs", { port: "http" }, {})).toThrow(new UsageError('--port must be a port number from 0 to 65535 (got "http")'));
    expect(() => siteEnvironment("/docs", { "edit-url": "javascript:alert(1)" }, {})).toThrow(/^--edit-url must be an absolute http\(s\) URL/);
  });

  test("--memory and --cache-dir become the server's budget and cache folder; a budget too small or not a number is refused", () => {
    expect(siteEnvironment("/docs", { memory: "400", "cache-dir": "/tmp/pages" }, {})).toMatchObject({ MEMORY_BUDGET_MB: "400", CACHE_DIR: "/tmp/pages" });
    expect(() => siteEnvironment("/docs", { memory: "128" }, {})).toThrow(new UsageError('--memory must be a whole number of megabytes, at least 384 (got "128")'));
    expect(() => siteEnvironment("/docs", { memory: "1GB" }, {})).toThrow(/^--memory must be a whole number of megabytes/);
    expect(() => siteEnvironment("/docs", { "cache-dir": "/docs/cache" }, {})).toThrow(
      new UsageError("--cache-dir /docs/cache is inside the docs folder /docs: choose a folder outside it, or a hidden one in it (.cache)"),
    );
  });

  test("an export's and a check's budget is 1,024 MB unless --memory or MEMORY_BUDGET_MB gives one; a server's stays its own default", () => {
    expect(batchEnvironment("/docs", {}, {}).MEMORY_BUDGET_MB).toBe("1024");
    expect(batchEnvironment("/docs", { memory: "600" }, { MEMORY_BUDGET_MB: "900" }).MEMORY_BUDGET_MB).toBe("600");
    expect(batchEnvironment("/docs", {}, { MEMORY_BUDGET_MB: "900" }).MEMORY_BUDGET_MB).toBe("900");
    expect(siteEnvironment("/docs", {}, {}).MEMORY_BUDGET_MB).toBeUndefined();
    expect(() => batchEnvironment("/docs", {}, { MEMORY_BUDGET_MB: "100" })).toThrow(/^MEMORY_BUDGET_MB must be a whole number of megabytes/);
  });

  test("--site-url is the server's SITE_URL, the site's address with no path; a path is refused naming the option", () => {
    expect(siteEnvironment("/docs", { "site-url": "https://docs.example.com" }, {}).SITE_URL).toBe("https://docs.example.com");
    expect(() => siteEnvironment("/docs", { "site-url": "https://docs.example.com/docs/" }, {})).toThrow(
      new UsageError(`--site-url must be the site's absolute http(s) address with no path, such as https://docs.example.com (got "https://docs.example.com/docs/")`),
    );
  });

  test("build and check leave out a server's own settings: a PORT, HOST, TRUST_PROXY or SITE_URL set for another server is neither read nor refused, and build's --site-url (which may have a path) is its own", () => {
    expect(batchEnvironment("/docs", { "site-url": "https://owner.github.io/repo/" }, { SITE_URL: "not a URL" })).toEqual({ CONTENT_DIR: "/docs", MEMORY_BUDGET_MB: "1024" });
    const env = batchEnvironment("/docs", { "site-name": "Handbook" }, { PORT: "http", HOST: "::1", TRUST_PROXY: "maybe", SITE_NAME: "Old", LANG: "C" });
    expect(env).toEqual({ CONTENT_DIR: "/docs", SITE_NAME: "Handbook", MEMORY_BUDGET_MB: "1024", LANG: "C" });
    // The rest are still the server's rules.
    expect(() => batchEnvironment("/docs", {}, { EDIT_URL_BASE: "javascript:alert(1)" })).toThrow(/^EDIT_URL_BASE must be an absolute http\(s\) URL/);
  });

  test("the environment a command uses loses what it leaves out, as well as taking what it sets", () => {
    const current: NodeJS.ProcessEnv = { PORT: "http", LANG: "C" };
    useEnvironment({ LANG: "C", CONTENT_DIR: "/docs" }, current);
    expect(current).toEqual({ LANG: "C", CONTENT_DIR: "/docs" });
  });

  test("a bad value from the environment is named by its variable", () => {
    expect(() => siteEnvironment("/docs", {}, { PORT: "99999" })).toThrow(new UsageError('PORT must be a port number from 0 to 65535 (got "99999")'));
  });
});
