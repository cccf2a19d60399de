import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startServer } from "../../scripts/start-server";
import { expect, test } from "./fixtures";

/**
 * The headers every answer carries, checked on raw responses (Node's fetch,
 * which neither adds nor hides anything a browser would).
 */

const PAGES = ["/", "/guide", "/guide/themes", "/guide/deployment/replicas", "/appearance"];
const NOT_FOUND = ["/no-such-page", "/guide/no-such-page"];
const COOKIES = [null, "theme=light", "theme=dark", "theme=system"];

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** A GET sent exactly as given (fetch would not send a Host of our choosing, and decodes the body). */
function rawGet(baseURL: string, path: string, headers: Record<string, string>) {
  const { port } = new URL(baseURL);
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

test.describe("the Content-Security-Policy", () => {
  for (const path of [...PAGES, ...NOT_FOUND]) {
    test(`${path} is sent an enforced policy that runs only scripts carrying this response's nonce`, async ({ baseURL }) => {
      const nonces = new Set<string>();
      // Each cookie state twice: the second answer comes from the page cache.
      for (const cookie of [...COOKIES, ...COOKIES]) {
        const response = await fetch(baseURL + path, { headers: cookie ? { Cookie: cookie } : {} });
        expect(response.headers.get("content-security-policy-report-only")).toBeNull();
        const policy = response.headers.get("content-security-policy") ?? "";
        const parsed = directives(policy);
        const nonce = nonceOf(policy);
        expect(nonce, "a nonce in script-src").toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(parsed.get("script-src")).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
        expect(parsed.get("object-src")).toEqual(["'none'"]);
        expect(parsed.get("base-uri")).toEqual(["'none'"]);
        expect(parsed.get("frame-ancestors")).toEqual(["'none'"]);
        expect(parsed.get("form-action")).toEqual(["'self'"]);
        expect(policy).not.toContain("unsafe-eval");
        expect(parsed.get("style-src")).not.toContain("'unsafe-inline'");

        const html = await response.text();
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length, "scripts in the page").toBeGreaterThan(0);
        for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
        nonces.add(nonce!);
      }
      expect(nonces.size, "a new nonce for every response").toBe(COOKIES.length * 2);
    });
  }
});

test.describe("headers on every kind of answer", () => {
  const answers = [
    { name: "a page", path: "/guide/themes" },
    { name: "a page asked for again, answered from memory", path: "/guide/typography", again: true },
    { name: "a 404 page", path: "/no-such-page" },
    { name: "a static file", path: "/favicon.svg" },
    { name: "the health check", path: "/healthz" },
    { name: "a refused method", path: "/", method: "DELETE" },
  ];
  for (const { name, path, method = "GET", again = false } of answers) {
    test(`${name} says nosniff, a strict referrer policy, denied device permissions, same-origin isolation, and nothing of the server`, async ({
      baseURL,
    }) => {
      if (again) await fetch(baseURL + path, { method });
      const response = await fetch(baseURL + path, { method });
      const header = (key: string) => response.headers.get(key);
      expect(header("x-content-type-options")).toBe("nosniff");
      expect(header("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(header("permissions-policy")).toContain("camera=()");
      expect(header("permissions-policy")).toContain("geolocation=()");
      expect(header("permissions-policy")).toContain("microphone=()");
      expect(header("cross-origin-opener-policy")).toBe("same-origin");
      expect(header("cross-origin-resource-policy")).toBe("same-origin");
      expect(header("x-frame-options")).toBe("DENY");
      expect(header("x-powered-by")).toBeNull();
      // Plain HTTP with no trusted proxy saying otherwise: HSTS would mean nothing.
      expect(header("strict-transport-security")).toBeNull();
    });
  }
});

test.describe("caching", () => {
  for (const path of PAGES) {
    test(`${path} is private to the visitor and varies with the theme cookie`, async ({ baseURL }) => {
      for (const cookie of COOKIES) {
        const response = await fetch(baseURL + path, { headers: cookie ? { Cookie: cookie } : {} });
        expect(response.headers.get("cache-control")).toMatch(/\bprivate\b/);
        expect(response.headers.get("vary")).toMatch(/\bCookie\b/);
      }
    });
  }

  test("a page served from memory is in the theme of each request's cookie, whatever was asked before", async ({ baseURL }) => {
    const order = ["theme=dark", null, "theme=light", "theme=dark", "theme=system", null, "theme=light"];
    for (const cookie of order) {
      const html = await (await fetch(`${baseURL}/guide/typography`, { headers: cookie ? { Cookie: cookie } : {} })).text();
      const htmlTag = /<html[^>]*>/.exec(html)![0];
      const theme = cookie?.slice("theme=".length);
      if (theme === "light" || theme === "dark") expect(htmlTag, String(cookie)).toContain(`class="${theme}"`);
      else expect(htmlTag, String(cookie)).not.toContain("class=");
      expect(htmlTag, String(cookie)).toContain(`data-theme-preference="${theme ?? "system"}"`);
    }
  });

  test("a spoofed Host is never written into a page that another visitor then gets", async ({ baseURL }) => {
    for (const host of ["evil.example", "evil.example:8443/x", "127.0.0.1.evil.example"]) {
      await rawGet(baseURL!, "/guide/privacy", { Host: host, "X-Forwarded-Host": host });
    }
    const html = await (await fetch(`${baseURL}/guide/privacy`)).text();
    expect(html).not.toContain("evil.example");
  });
});

test.describe("compression", () => {
  for (const [encoding, decode] of [
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const) {
    test(`a page is sent ${encoding}-compressed to a browser that accepts it, and decodes to the page`, async ({ baseURL }) => {
      const { headers, body } = await rawGet(baseURL!, "/guide/themes", { "Accept-Encoding": encoding });
      expect(headers["content-encoding"]).toBe(encoding);
      expect(String(headers["vary"])).toMatch(/\bAccept-Encoding\b/);
      const html = decode(body).toString("utf8");
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toContain("</html>");
    });
  }

  for (const [acceptEncoding, encoding, decode] of [
    // A browser's header: brotli once the page's own is ready, gzip until then.
    ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
    ["gzip, deflate", "gzip", gunzipSync],
  ] as const) {
    test(`a page sent again from memory for Accept-Encoding: ${acceptEncoding} is ${encoding} carrying that response's own nonce, in the page and in its policy`, async ({
      baseURL,
    }) => {
      const get = () => rawGet(baseURL!, "/guide/privacy", { "Accept-Encoding": acceptEncoding });
      await expect.poll(async () => (await get()).headers["content-encoding"]).toBe(encoding);
      const nonces = new Set<string>();
      for (let round = 0; round < 3; round++) {
        const { headers, body } = await get();
        expect(headers["content-encoding"]).toBe(encoding);
        const nonce = /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))![1]!;
        const html = decode(body).toString("utf8");
        expect(html).toMatch(/^<!DOCTYPE html>/i);
        expect(html).toContain("</html>");
        const scriptNonces = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((match) => match[1]);
        expect(scriptNonces.length).toBeGreaterThan(0);
        expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
        nonces.add(nonce);
      }
      expect(nonces.size).toBe(3);
    });
  }

  test("the app's scripts and stylesheet are sent precompressed, with Vary: Accept-Encoding", async ({ baseURL, request }) => {
    const html = await (await request.get("/")).text();
    // In attributes (the stylesheet) and in the module script's imports (the app's scripts).
    const assets = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of new Set(assets)) {
      for (const encoding of ["br", "gzip"]) {
        const response = await fetch(baseURL + asset, { headers: { "Accept-Encoding": encoding } });
        expect(response.headers.get("content-encoding"), `${asset} (${encoding})`).toBe(encoding);
        expect(response.headers.get("vary"), asset).toMatch(/Accept-Encoding/i);
        await response.arrayBuffer();
      }
    }
  });
});

test.describe("behind a TLS proxy", () => {
  test("with TRUST_PROXY set, a request the proxy says was HTTPS gets HSTS, also from memory, a plain one does not, and HTTPS gets a Secure theme cookie", async () => {
    const server = await startServer({ TRUST_PROXY: "loopback" });
    try {
      // The second answer comes from memory, the third is plain HTTP again.
      for (const proto of ["https", "https", "http"]) {
        const page = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": proto } });
        expect(page.headers.get("strict-transport-security")).toEqual(proto === "https" ? expect.stringMatching(/max-age=\d{8,}/) : null);
      }
      const saved = await fetch(`${server.url}/theme`, {
        method: "POST",
        redirect: "manual",
        headers: { "X-Forwarded-Proto": "https", "Content-Type": "application/x-www-form-urlencoded" },
        body: "theme=dark&redirectTo=/",
      });
      expect(saved.status).toBe(303);
      expect(saved.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
    } finally {
      await server.stop();
    }
  });

  test("without TRUST_PROXY, X-Forwarded-Proto is not believed", async ({ baseURL }) => {
    const page = await fetch(`${baseURL}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(page.headers.get("strict-transport-security")).toBeNull();
    const saved = await fetch(`${baseURL}/theme`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-Proto": "https", "Content-Type": "application/x-www-form-urlencoded" },
      body: "theme=dark&redirectTo=/",
    });
    expect(saved.headers.get("set-cookie")).not.toMatch(/Secure/i);
  });
});
