import { describe, expect, test } from "vitest";
import { contentSecurityPolicy, createNonce, developmentContentSecurityPolicy, staticPagePolicy } from "./content-security-policy.server";

describe("createNonce", () => {
  test("gives 16 random bytes in base64, different every time, across many batches", () => {
    const nonces = Array.from({ length: 2_000 }, () => createNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe("contentSecurityPolicy", () => {
  test("lets scripts run only with the response's nonce, and what they load", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toContain("script-src 'nonce-abc123' 'strict-dynamic'");
    expect(policy.match(/'nonce-[^']*'/g)).toEqual(["'nonce-abc123'"]);
  });

  test("is the same policy around every nonce", () => {
    const withNonce = (nonce: string) => contentSecurityPolicy(nonce).replace(`'nonce-${nonce}'`, "'nonce-N'");
    expect(withNonce("first")).toBe(withNonce("second"));
    expect(withNonce("first")).toBe(
      "default-src 'self'; script-src 'nonce-N' 'strict-dynamic'; style-src 'self'; style-src-attr 'unsafe-inline'; " +
        "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
        "frame-ancestors 'none'; form-action 'self'",
    );
  });
});

describe("developmentContentSecurityPolicy", () => {
  test("is the server's policy, but that a <style> carrying the response's nonce applies (Vite's error overlay)", () => {
    expect(developmentContentSecurityPolicy("N")).toBe(contentSecurityPolicy("N").replace("style-src 'self';", "style-src 'self' 'nonce-N';"));
  });
});

describe("staticPagePolicy", () => {
  test("lets a page no request made run only the site's own files, the inline scripts whose hashes it names, and WebAssembly for its search", () => {
    const policy = staticPagePolicy(["'sha256-AAA='", "'sha256-BBB='"]);
    expect(policy.split("; ").find((directive) => directive.startsWith("script-src"))).toBe("script-src 'self' 'sha256-AAA=' 'sha256-BBB=' 'wasm-unsafe-eval'");
  });

  test("is the server's policy otherwise, but for frame-ancestors, which a <meta> policy cannot set", () => {
    const serverPolicy = contentSecurityPolicy("N").replace("'nonce-N' 'strict-dynamic'", "'self' H 'wasm-unsafe-eval'");
    expect(staticPagePolicy(["H"])).toBe(serverPolicy.replace("frame-ancestors 'none'; ", ""));
  });
});
