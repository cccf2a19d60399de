import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { withContentSecurityPolicy } from "./page-policy.ts";

const hash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/>',
  '<script id="react-router-theme" nonce="N">(()=>{/* theme */})()</script>',
  '<link rel="stylesheet" href="/assets/app.css"/></head><body><main>',
  '<script id="tab-sets-script" nonce="N">(function(){})()</script><article><pre>&lt;script&gt;not one&lt;/script&gt;</pre></article></main>',
  '<script nonce="N">window.__reactRouterContext = {"a":"\\u003c/script>"};</script>',
  '<script type="module" nonce="N">import "/assets/manifest.js";</script>',
  '<script type="module" src="/assets/entry.js"></script></body></html>',
].join("");

describe("an exported page's Content-Security-Policy", () => {
  const policies: string[][] = [];
  const result = withContentSecurityPolicy(page, "'sha256-THEME='", (hashes) => {
    policies.push(hashes);
    return `script-src ${hashes.join(" ")}`;
  });

  test("allows each inline script by its hash, and the theme's by the hash its package gives", () => {
    expect(policies).toEqual([
      ["'sha256-THEME='", hash("(function(){})()"), hash('window.__reactRouterContext = {"a":"\\u003c/script>"};'), hash('import "/assets/manifest.js";')],
    ]);
  });

  test("is a <meta> right after the charset, before every script it governs, and changes nothing else", () => {
    const meta = `<meta http-equiv="Content-Security-Policy" content="script-src ${policies[0]!.join(" ")}"/>`;
    expect(result).toBe(page.replace('<meta charSet="utf-8"/>', `<meta charSet="utf-8"/>${meta}`));
    expect(result.indexOf(meta)).toBeLessThan(result.indexOf("<script"));
  });

  test("refuses a page with no charset to put it after, rather than write a page without a policy", () => {
    expect(() => withContentSecurityPolicy("<html><head></head></html>", "'sha256-THEME='", () => "")).toThrow(/no <meta charSet>/);
  });
});
