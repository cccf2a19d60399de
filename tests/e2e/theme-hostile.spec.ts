import http from "node:http";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * What the server does with requests no honest page sends: bad theme values,
 * other sites' forms, redirect targets aimed elsewhere, cookies that make no
 * sense. None of them may set a cookie, leave the site, or break a page.
 */

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const MEGABYTE = 1024 * 1024;

function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === "set-cookie")
    .map(({ value }) => value);
}

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * node:http, for requests whose exact header lines matter (nothing added, or
 * one header sent twice), whose body is written in pieces, or that share a
 * kept-alive connection.
 */
function rawRequest(
  baseURL: string,
  {
    method,
    path,
    headers = {},
    body = "",
    pieces = 1,
    agent = false,
  }: {
    method: string;
    path: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string;
    pieces?: number;
    agent?: http.Agent | false;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(new URL(path, baseURL), { method, headers, agent }, (response) => {
      answered = true;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    // A server may answer and close before the whole body is sent: the answer is what counts.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (pieces === 1) return void request.end(body);
    const size = Math.ceil(body.length / pieces);
    for (let start = 0; start < body.length; start += size) request.write(body.slice(start, start + size));
    request.end();
  });
}

test.describe("a theme change the server refuses", () => {
  /** What the answer must say, by status. */
  const reasons: Record<number, RegExp> = {
    400: /send exactly one "theme", and make it light, dark or system|not valid UTF-8/,
    413: /larger than|Too Large/i,
    415: /application\/x-www-form-urlencoded/,
  };
  const badBodies: Array<{ name: string; headers: Record<string, string>; data: string | Buffer; status: number[] }> = [
    { name: "no theme at all", headers: FORM, data: "redirectTo=%2F", status: [400] },
    { name: "an empty body", headers: FORM, data: "", status: [400] },
    { name: 'the theme "purple"', headers: FORM, data: "theme=purple", status: [400] },
    { name: 'the theme "DARK " (upper case, trailing space)', headers: FORM, data: "theme=DARK+", status: [400] },
    { name: "an empty theme", headers: FORM, data: "theme=", status: [400] },
    { name: "two themes", headers: FORM, data: "theme=dark&theme=light", status: [400] },
    { name: "the same theme twice", headers: FORM, data: "theme=dark&theme=dark", status: [400] },
    { name: "a percent-encoded byte that is not UTF-8", headers: FORM, data: "theme=dark%FF", status: [400] },
    { name: "raw bytes that are not UTF-8", headers: FORM, data: Buffer.from("theme=dark\xff", "latin1"), status: [400] },
    { name: "a JSON body", headers: { "Content-Type": "application/json" }, data: '{"theme":"dark"}', status: [400, 415] },
    { name: "a body with no Content-Type", headers: {}, data: "theme=dark", status: [400, 415] },
    { name: "a 1 MB theme value", headers: FORM, data: `theme=${"d".repeat(MEGABYTE)}`, status: [400, 413] },
    { name: "a valid theme padded to 1 MB", headers: FORM, data: `theme=dark&padding=${"x".repeat(MEGABYTE)}`, status: [400, 413] },
  ];

  for (const accept of ["a form post", "the page's background fetch"] as const) {
    for (const { name, headers, data, status } of badBodies) {
      test(`${name} in ${accept} is refused with a reason and no cookie`, async ({ request }) => {
        const response = await request.post("/theme", {
          headers: { ...headers, ...(accept === "a form post" ? {} : { Accept: "application/json" }) },
          data,
          maxRedirects: 0,
        });
        expect(String(response.status())).toMatch(new RegExp(`^(${status.join("|")})$`));
        expect(setCookies(response)).toEqual([]);
        expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
        expect(await response.text()).toMatch(reasons[response.status()]!);
      });
    }
  }

  // Sent over one kept-alive connection, as a browser or a proxy in front would, and
  // followed by an ordinary request on it: refusing a body must not break the connection.
  const largeBodies = [
    { name: "a 5 KB form with its length declared", size: 5 * 1024, declared: true },
    { name: "a 5 KB form streamed without a declared length", size: 5 * 1024, declared: false },
    { name: "a 1 MB form with its length declared", size: MEGABYTE, declared: true },
    { name: "a 1 MB form streamed without a declared length", size: MEGABYTE, declared: false },
  ];
  for (const { name, size, declared } of largeBodies) {
    test(`${name} is answered 413, and the next request on the connection still works`, async ({ baseURL }) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const body = `theme=dark&padding=${"x".repeat(size)}`;
        const headers = { ...FORM, ...(declared ? { "Content-Length": Buffer.byteLength(body) } : { "Transfer-Encoding": "chunked" }) };
        for (let attempt = 1; attempt <= 3; attempt++) {
          const refused = await rawRequest(baseURL!, { method: "POST", path: "/theme", headers, body, pieces: 16, agent });
          expect(refused.status).toBe(413);
          expect(refused.headers["set-cookie"]).toBeUndefined();
          expect(refused.body).toMatch(reasons[413]!);
          const next = await rawRequest(baseURL!, { method: "GET", path: "/healthz", agent }).catch((error: Error) => ({
            status: `no answer: ${error.message}`,
          }));
          expect(next.status, `the request after refusal ${attempt}`).toBe(200);
        }
      } finally {
        agent.destroy();
      }
    });
  }

  const crossSite: Array<{ name: string; headers: Record<string, string> }> = [
    { name: "Sec-Fetch-Site: cross-site", headers: { "Sec-Fetch-Site": "cross-site" } },
    { name: "Sec-Fetch-Site: same-site", headers: { "Sec-Fetch-Site": "same-site" } },
    { name: "an Origin of another site", headers: { Origin: "https://evil.example" } },
    { name: "Origin: null", headers: { Origin: "null" } },
    { name: "another port on the same host", headers: { Origin: "http://127.0.0.1:1" } },
  ];
  for (const { name, headers } of crossSite) {
    test(`a valid theme sent with ${name} is refused as cross-site with no cookie`, async ({ request }) => {
      const response = await request.post("/theme", {
        headers: { ...FORM, ...headers },
        data: "theme=dark&redirectTo=%2Fguide",
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
      expect(setCookies(response)).toEqual([]);
      expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
      expect(await response.text()).toContain("came from another site");
    });
  }
});

test.describe("a theme change the server accepts", () => {
  test("a plain form post with neither Origin nor Sec-Fetch-Site goes back with the cookie set", async ({ baseURL }) => {
    const response = await rawRequest(baseURL!, {
      method: "POST",
      path: "/theme",
      headers: FORM,
      body: "theme=dark&redirectTo=%2Fguide%2Fthemes%3Fx%3D1",
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/guide/themes?x=1");
    const cookies = response.headers["set-cookie"] ?? [];
    expect(cookies).toHaveLength(1);
    const attributes = cookies[0]!.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes[0]).toBe("theme=dark");
    expect(attributes).toEqual(expect.arrayContaining(["path=/", "samesite=lax", "max-age=31536000"]));
    // The test server speaks plain HTTP, where a Secure cookie would be dropped.
    expect(attributes).not.toContain("secure");
  });

  test("a form post shaped like Chromium's from a page with Referrer-Policy: no-referrer goes back with the cookie set", async ({
    baseURL,
  }) => {
    // Under no-referrer the browser sends "Origin: null" with a form navigation;
    // Sec-Fetch-Site still says where it came from.
    const response = await rawRequest(baseURL!, {
      method: "POST",
      path: "/theme",
      headers: { ...FORM, Origin: "null", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
      body: "theme=dark&redirectTo=%2Fguide",
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/guide");
    expect(response.headers["set-cookie"]).toEqual([expect.stringMatching(/^theme=dark;/)]);
  });

  test("a same-origin form post from a browser goes back with the cookie set", async ({ request, baseURL }) => {
    const response = await request.post("/theme", {
      headers: { ...FORM, Origin: new URL(baseURL!).origin, "Sec-Fetch-Site": "same-origin" },
      data: "theme=light&redirectTo=%2Fappearance",
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe("/appearance");
    expect(setCookies(response)).toEqual([expect.stringMatching(/^theme=light;/)]);
  });

  test("a same-origin form post to the site at an IPv6 address and port goes back with the cookie set", async ({ baseURL }) => {
    // As a browser at http://[::1]:<port> posts it: the Origin names the port, which the request's own address must keep.
    const host = `[::1]:${new URL(baseURL!).port}`;
    const response = await rawRequest(baseURL!, {
      method: "POST",
      path: "/theme",
      headers: { ...FORM, Host: host, Origin: `http://${host}`, "Sec-Fetch-Site": "same-origin" },
      body: "theme=dark&redirectTo=%2Fguide",
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/guide");
    expect(response.headers["set-cookie"]).toEqual([expect.stringMatching(/^theme=dark;/)]);
  });

  test("the page's background fetch gets JSON and the cookie, not a redirect", async ({ request, baseURL }) => {
    const response = await request.post("/theme", {
      headers: { ...FORM, Accept: "application/json", Origin: new URL(baseURL!).origin, "Sec-Fetch-Site": "same-origin" },
      data: "theme=system",
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ theme: "system" });
    expect(setCookies(response)).toEqual([expect.stringMatching(/^theme=system;/)]);
  });

  test("GET /theme sends the visitor to the appearance page", async ({ request }) => {
    const response = await request.get("/theme", { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe("/appearance");
    expect(setCookies(response)).toEqual([]);
  });
});

test.describe("where the server sends a form back to", () => {
  const targets: Array<[string, string]> = [
    ["a protocol-relative URL", "//evil.example"],
    ["a slash and a backslash", "/\\evil.example"],
    ["an absolute URL", "https://evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a tab between the slashes", "/\t/evil.example"],
    ["a newline between the slashes", "/\n/evil.example"],
    ["encoded CR LF and a header", "/%0d%0aSet-Cookie:x=1"],
    ["raw CR LF and a header", "/\r\nSet-Cookie: x=1"],
    ["a dot-dot segment before two slashes", "/..//evil.example"],
    ["a 3000-character path", `/${"a".repeat(2999)}`],
  ];

  for (const [name, redirectTo] of targets) {
    test(`a redirectTo of ${name} stays on this site, with no header added`, async ({ request, baseURL }) => {
      const response = await request.post("/theme", {
        form: { theme: "dark", redirectTo },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      const locations = response.headersArray().filter(({ name }) => name.toLowerCase() === "location");
      expect(locations).toHaveLength(1);
      const location = locations[0]!.value;
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, baseURL).origin).toBe(new URL(baseURL!).origin);
      expect(setCookies(response)).toEqual([expect.stringMatching(/^theme=dark;/)]);
      expect(response.headersArray().some(({ value }) => value.includes("x=1") && !value.startsWith("/"))).toBe(false);
    });
  }
  test("a redirectTo of 5000 characters is refused or sent home, never elsewhere", async ({ request, baseURL }) => {
    const response = await request.post("/theme", {
      form: { theme: "dark", redirectTo: `//evil.example/${"a".repeat(5000)}` },
      maxRedirects: 0,
    });
    expect(String(response.status())).toMatch(/^(303|413)$/);
    if (response.status() === 413) {
      expect(setCookies(response)).toEqual([]);
      expect(response.headers().location).toBeUndefined();
    } else {
      expect(new URL(response.headers().location!, baseURL).origin).toBe(new URL(baseURL!).origin);
    }
  });
});

test.describe("a page requested with a theme cookie that makes no sense", () => {
  const cookies: Array<[string, string | string[]]> = [
    ["an unknown value", "theme=purple"],
    ["an upper-case value", "theme=DARK"],
    ["badly encoded percent-escapes", "theme=%E0%A4%A"],
    ["two theme cookies in one header", "theme=dark; theme=light"],
    ["two Cookie header lines", ["theme=dark", "theme=light"]],
    ["a 4 KB value", `theme=${"d".repeat(4096)}`],
    ["an empty value", "theme="],
  ];

  for (const [name, cookie] of cookies) {
    test(`${name} renders the page as system`, async ({ baseURL }) => {
      // node:http sends the Cookie header exactly as given, including twice.
      const response = await rawRequest(baseURL!, { method: "GET", path: "/", headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expectSystemPage(response.body);
    });
  }

  test("a valid cookie, by contrast, renders the page in that theme", async ({ request }) => {
    const response = await request.get("/", { headers: { Cookie: "theme=dark" } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(htmlTag(html)).toMatch(/\sclass="dark"/);
    expect(htmlTag(html)).toContain('data-theme-preference="dark"');
    // Both colours are always sent; the media says which one is in force.
    expect(themeColorMetas(html)).toEqual([
      '<meta name="theme-color" content="#ffffff" media="not all"/>',
      '<meta name="theme-color" content="#0f1115" media="all"/>',
    ]);
  });
});

function htmlTag(html: string): string {
  return html.match(/<html\b[^>]*>/)?.[0] ?? "";
}

function themeColorMetas(html: string): string[] {
  return html.match(/<meta\b[^>]*name="theme-color"[^>]*>/g) ?? [];
}

function expectSystemPage(html: string) {
  const tag = htmlTag(html);
  expect(tag).not.toBe("");
  expect(tag).not.toMatch(/\sclass=/);
  expect(tag).toContain('data-theme-preference="system"');
  const metas = themeColorMetas(html);
  expect(metas).toHaveLength(2);
  expect(metas[0]).toContain('media="(prefers-color-scheme: light)"');
  expect(metas[1]).toContain('media="(prefers-color-scheme: dark)"');
}
