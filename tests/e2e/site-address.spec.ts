import { startServer } from "../../scripts/start-server";
import { expect, test } from "./fixtures";
import { rawGet, rawRequest } from "./support/raw-request";

/**
 * The site's own address, as what programs read names it (/llms.txt,
 * /llms-full.txt, the sitemaps): from SITE_URL, else from the host a request
 * names, which must be a host; and never another site's. Each test that
 * needs settings of its own starts its own server.
 */

test("a Host, or a trusted proxy's X-Forwarded-Host, that names no host is refused with a 400 before the site's addresses are made from it; a name or address, IPv6 too, names the site in /llms.txt with its port", async () => {
  const server = await startServer({ TRUST_PROXY: "loopback" });
  try {
    // 15,000 characters of host once made a 5,000-page folder's /llms.txt 75 MB.
    const notHosts = ["x".repeat(15_000), "evil.example/path", "evil.example@x", "a b", "docs.example:99999", "docs.example:port", "[not-ipv6]"];
    for (const path of ["/llms.txt", "/sitemap.xml", "/guide/themes"]) {
      for (const host of notHosts) {
        for (const headers of [{ Host: host }, { "X-Forwarded-Host": host }] as Record<string, string>[]) {
          const answer = await rawGet(server.url, path, headers);
          expect(answer.status, `${path} with ${Object.keys(headers)[0]} ${host.slice(0, 30)}`).toBe(400);
          expect(answer.body).toBe("400 Bad Request: the Host header does not name a host");
        }
      }
    }
    for (const [header, host, site] of [
      ["Host", "docs.example:8080", "http://docs.example:8080"],
      ["Host", "192.0.2.7:3000", "http://192.0.2.7:3000"],
      // An IPv6 address has colons of its own: the port is what follows the "]".
      ["Host", "[::1]:8080", "http://[::1]:8080"],
      ["Host", "[2001:db8::7]", "http://[2001:db8::7]"],
      ["X-Forwarded-Host", "[2001:db8::7]:8443", "http://[2001:db8::7]:8443"],
      // The site as the proxy's visitors asked for it: not at the port the server listens on behind the proxy.
      ["X-Forwarded-Host", "docs.example.com", "http://docs.example.com"],
    ] as const) {
      const answer = await rawGet(server.url, "/llms.txt", { [header]: host });
      expect(answer.status, host).toBe(200);
      expect(answer.body, host).toContain(`(${site}/guide/themes.md)`);
    }
  } finally {
    await server.stop();
  }
});

test("a Host, or a trusted proxy's X-Forwarded-Host, that the URL parser refuses is answered 400 at every kind of address, the theme form too, with nothing in the log", async () => {
  const server = await startServer({ TRUST_PROXY: "loopback" });
  try {
    // Each passed the host check once, then made a URL that could not be parsed: a 500 and a stack trace.
    const unparsable = ["[::::]", "1.2.3.4.5", "999.1.1.1", "[1.2.3.4]"];
    const requests = [
      ["GET", "/llms.txt"],
      ["GET", "/guide?x=1"],
      ["GET", "/guide-files/picture.png"],
      ["GET", "/sitemap.xml"],
      ["POST", "/theme"],
    ] as const;
    for (const host of unparsable) {
      for (const [method, path] of requests) {
        for (const headers of [{ Host: host }, { "X-Forwarded-Host": host }] as Record<string, string>[]) {
          const form: Record<string, string> = method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {};
          const answer = await rawRequest(server.url, method, path, { ...form, ...headers }, method === "POST" ? "theme=dark" : undefined);
          expect(answer.status, `${method} ${path} with ${Object.keys(headers)[0]} ${host}`).toBe(400);
          expect(answer.body).toBe("400 Bad Request: the Host header does not name a host");
          expect(answer.headers["set-cookie"]).toBeUndefined();
        }
      }
    }
    expect(server.output()).not.toMatch(/Error|\n\s+at /);
  } finally {
    await server.stop();
  }
});

test("behind a trusted proxy, an X-Forwarded-Proto other than http or https is answered 400 with nothing in the log; https in capitals, or first in a list, names the site by https", async () => {
  const server = await startServer({ TRUST_PROXY: "loopback" });
  try {
    // "a b" and "1abc" made the request's URL unparsable (a 500); "javascript" wrote the site's links as "null/guide/…".
    for (const proto of ["a b", "1abc", "javascript", "ftp"]) {
      for (const path of ["/llms.txt", "/guide?x=1", "/sitemap.xml"]) {
        const answer = await rawGet(server.url, path, { "X-Forwarded-Proto": proto });
        expect(answer.status, `${path} with X-Forwarded-Proto ${proto}`).toBe(400);
        expect(answer.body).toBe("400 Bad Request: X-Forwarded-Proto names neither http nor https");
      }
    }
    for (const proto of ["HTTPS", "https, http"]) {
      const answer = await rawGet(server.url, "/llms.txt", { Host: "docs.example.com", "X-Forwarded-Proto": proto });
      expect(answer.status, proto).toBe(200);
      expect(answer.body, proto).toContain("(https://docs.example.com/guide/themes.md)");
    }
    expect(server.output()).not.toMatch(/Error|\n\s+at /);
  } finally {
    await server.stop();
  }
});

test("with SITE_URL set, /llms.txt, /llms-full.txt and the sitemap name the site by it, whatever host a request names", async () => {
  const server = await startServer({ SITE_URL: "https://docs.example.com" });
  try {
    for (const host of [new URL(server.url).host, "other.example:8080"]) {
      expect((await rawGet(server.url, "/llms.txt", { Host: host })).body, host).toContain("(https://docs.example.com/guide/themes.md)");
      expect((await rawGet(server.url, "/sitemap.xml", { Host: host })).body, host).toContain("<loc>https://docs.example.com/guide/themes</loc>");
      expect((await rawGet(server.url, "/llms-full.txt", { Host: host })).body, host).toContain("<!-- https://docs.example.com/guide/themes -->");
    }
  } finally {
    await server.stop();
  }
});

test("a path that begins with two slashes names no other site: //elsewhere.example/llms.txt is not found, not an index of that site's addresses", async ({ baseURL }) => {
  const answer = await rawGet(baseURL!, "//elsewhere.example/llms.txt");
  expect(answer.status).toBe(404);
  expect(answer.body).not.toMatch(/(https?:)?\/\/elsewhere\.example/);
});
