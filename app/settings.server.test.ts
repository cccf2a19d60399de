import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSettings, SettingsError } from "./settings.server";

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "settings-"));
fs.mkdirSync(path.join(cwd, "content"));

/** The SettingsError's message for this environment; fails when the settings are accepted. */
function refusal(env: Record<string, string>): string {
  try {
    readSettings(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

describe("settings read from the environment", () => {
  it("serves the site's own guide on port 3000 on every interface when nothing is set", () => {
    expect(readSettings({ XDG_CACHE_HOME: "/var/cache/me" }, cwd)).toEqual({
      contentDir: path.join(cwd, "content"),
      ownFolder: false,
      siteName: null,
      editUrlBase: null,
      siteUrl: null,
      port: 3000,
      host: undefined,
      trustProxy: undefined,
      memoryBudgetMB: 512,
      cacheDir: "/var/cache/me/themed-guide",
    });
  });

  it("reads the memory budget in MB and the cache folder, resolved against the working folder", () => {
    expect(readSettings({ MEMORY_BUDGET_MB: "1024", CACHE_DIR: "cache" }, cwd)).toMatchObject({ memoryBudgetMB: 1024, cacheDir: path.join(cwd, "cache") });
    expect(() => readSettings({ MEMORY_BUDGET_MB: "383" }, cwd)).toThrow('MEMORY_BUDGET_MB must be a whole number of megabytes, at least 384 (got "383")');
    expect(() => readSettings({ MEMORY_BUDGET_MB: "-1" }, cwd)).toThrow(/^MEMORY_BUDGET_MB must be/);
  });

  it("refuses a cache folder the docs folder would list, whose files would be served and under `dev` reload it without end; a hidden one in it is fine", () => {
    expect(refusal({ CONTENT_DIR: "content", CACHE_DIR: "content/cache" })).toBe(
      `CACHE_DIR ${path.join(cwd, "content", "cache")} is inside the docs folder ${path.join(cwd, "content")}: choose a folder outside it, or a hidden one in it (.cache)`,
    );
    expect(refusal({ CACHE_DIR: "content" })).toMatch(/^CACHE_DIR .* is inside the docs folder/);
    // Through a link to the folder, and under a folder not made yet.
    fs.symlinkSync(path.join(cwd, "content"), path.join(cwd, "content-link"));
    expect(refusal({ CONTENT_DIR: "content", CACHE_DIR: "content-link/not/made/yet" })).toMatch(/^CACHE_DIR .* is inside the docs folder/);
    expect(readSettings({ CONTENT_DIR: "content", CACHE_DIR: "content/.cache/themed-guide" }, cwd).cacheDir).toBe(path.join(cwd, "content", ".cache", "themed-guide"));
    expect(readSettings({ CONTENT_DIR: "content", CACHE_DIR: "content/node_modules/.cache" }, cwd).cacheDir).toBe(path.join(cwd, "content", "node_modules", ".cache"));
    expect(readSettings({ CONTENT_DIR: "content", CACHE_DIR: "content-cache" }, cwd).cacheDir).toBe(path.join(cwd, "content-cache"));
  });

  it("resolves CONTENT_DIR against the working folder and calls it the visitor's own folder", () => {
    const settings = readSettings({ CONTENT_DIR: "docs" }, cwd);
    expect(settings.contentDir).toBe(path.join(cwd, "docs"));
    expect(settings.ownFolder).toBe(true);
  });

  it("does not call the built-in guide an own folder when CONTENT_DIR names it, by another path", () => {
    fs.symlinkSync(path.join(cwd, "content"), path.join(cwd, "guide-link"));
    expect(readSettings({ CONTENT_DIR: "guide-link" }, cwd).ownFolder).toBe(false);
  });

  it("treats a variable set to spaces as not set", () => {
    expect(readSettings({ CONTENT_DIR: "  ", SITE_NAME: " ", EDIT_URL_BASE: "", PORT: " ", HOST: "" }, cwd)).toMatchObject({
      ownFolder: false,
      siteName: null,
      editUrlBase: null,
      port: 3000,
      host: undefined,
    });
  });

  it("ends an edit URL with a slash, as the page's path is appended to it", () => {
    expect(readSettings({ EDIT_URL_BASE: "https://github.com/o/r/edit/main/docs" }, cwd).editUrlBase).toBe("https://github.com/o/r/edit/main/docs/");
  });

  it("refuses an edit URL that is not plain http(s), naming the variable and the value", () => {
    for (const value of ["ftp://example.com/", "javascript:alert(1)", "/relative/", "https://user:secret@example.com/", "https://example.com/?q=1"]) {
      expect(refusal({ EDIT_URL_BASE: value })).toBe(
        `EDIT_URL_BASE must be an absolute http(s) URL such as https://github.com/owner/repo/edit/main/docs/ (got ${JSON.stringify(value)})`,
      );
    }
  });

  it("reads the site's address as its origin, and refuses one with a path, a query, credentials or another scheme, naming the variable and the value", () => {
    expect(readSettings({ SITE_URL: "https://docs.example.com" }, cwd).siteUrl).toBe("https://docs.example.com");
    expect(readSettings({ SITE_URL: "HTTP://Docs.Example.com:8080/" }, cwd).siteUrl).toBe("http://docs.example.com:8080");
    for (const value of ["docs.example.com", "ftp://docs.example.com", "https://docs.example.com/docs/", "https://docs.example.com/?q=1", "https://docs.example.com/#top", "https://user:secret@docs.example.com"]) {
      expect(refusal({ SITE_URL: value })).toBe(`SITE_URL must be the site's absolute http(s) address with no path, such as https://docs.example.com (got ${JSON.stringify(value)})`);
    }
  });

  it("takes a port from 0 to 65535 and refuses anything else with one line", () => {
    expect(readSettings({ PORT: "8080" }, cwd).port).toBe(8080);
    expect(readSettings({ PORT: "0" }, cwd).port).toBe(0);
    for (const value of ["65536", "-1", "80.5", "abc", "1e3", "0x50"]) {
      expect(refusal({ PORT: value })).toBe(`PORT must be a port number from 0 to 65535 (got ${JSON.stringify(value)})`);
    }
  });

  it("reads TRUST_PROXY as Express takes it: a boolean, a hop count, or addresses", () => {
    expect(readSettings({ TRUST_PROXY: "true" }, cwd).trustProxy).toBe(true);
    expect(readSettings({ TRUST_PROXY: "false" }, cwd).trustProxy).toBe(false);
    expect(readSettings({ TRUST_PROXY: "1" }, cwd).trustProxy).toBe(1);
    expect(readSettings({ TRUST_PROXY: "loopback" }, cwd).trustProxy).toBe("loopback");
    for (const value of ["loopback, 10.0.0.0/8", "192.168.1.7", "::1/128, fc00::/7", "10.0.0.0/255.0.0.0", "linklocal,uniquelocal"]) {
      expect(readSettings({ TRUST_PROXY: value }, cwd).trustProxy, value).toBe(value);
    }
  });

  it("refuses a TRUST_PROXY that Express could not read with one line, before anything starts", () => {
    for (const value of ["maybe", "10.0.0.0/33", "::1/129", "10.0.0.0/255.0.255.0", "10.0.0.1/8/8", "loopback,,10.0.0.1", "300.1.1.1"]) {
      expect(refusal({ TRUST_PROXY: value })).toBe(
        `TRUST_PROXY must be true, false, a number of proxies, or addresses and subnets, comma-separated, such as loopback or 10.0.0.0/8 (got ${JSON.stringify(value)})`,
      );
    }
  });
});
