import { describe, expect, it } from "vitest";
import { createTheme } from "./create-theme.js";
import { handleThemeAction, themeAction, themeLoader } from "./theme-action.server.js";

const theme = createTheme();
const action = themeAction(theme);

type PostOptions = { body?: BodyInit | null; headers?: Record<string, string>; url?: string };

function post({ body = "theme=dark&redirectTo=%2Fguide%3Fx%3D1", headers = {}, url = "https://site.test/theme" }: PostOptions = {}) {
  return new Request(url, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin", ...headers },
    // Needed by Node's Request for a streamed body.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

function form(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, values] of Object.entries(fields)) for (const value of [values].flat()) params.append(name, value);
  return params.toString();
}

describe("the theme action, answering a plain form", () => {
  it("sets the cookie and answers 303 back to the page it came from", async () => {
    const response = await action({ request: post() });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/guide?x=1");
    expect(response.headers.get("Set-Cookie")).toBe("theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure");
  });

  it("leaves Secure off over plain HTTP", async () => {
    const response = await action({ request: post({ url: "http://localhost:5173/theme" }) });
    expect(response.headers.get("Set-Cookie")).toBe("theme=dark; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("sets the configured cookie name", async () => {
    const response = await handleThemeAction(post(), createTheme({ cookieName: "mode" }));
    expect(response.headers.get("Set-Cookie")).toMatch(/^mode=dark;/);
  });

  it("goes to the home page when no redirectTo is sent", async () => {
    const response = await action({ request: post({ body: "theme=light" }) });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
  });

  const elsewhere = ["https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)", "/..//evil.example"];
  it.each(elsewhere)("sends a redirectTo of %j to the home page, and still sets the cookie", async (redirectTo) => {
    const response = await action({ request: post({ body: form({ theme: "dark", redirectTo }) }) });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=dark;/);
  });
});

describe("the theme action, with cookieDomain", () => {
  const shared = createTheme({ cookieDomain: "example.com" });
  const answer = (url: string) => handleThemeAction(post({ url }), shared);

  // The request's host as React Router's adapters give it: its URL, built from the Host header.
  it.each(["https://example.com/theme", "https://docs.example.com/theme", "https://Docs.Example.COM:8443/theme"])(
    "shares the cookie across the domain when the request's host is within it: %s",
    async (url) => {
      const response = await answer(url);
      expect(response.status).toBe(303);
      expect(response.headers.getSetCookie()).toEqual([
        "theme=; Max-Age=0; Path=/",
        "theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure; Domain=example.com",
      ]);
    },
  );

  it.each(["https://evil.com/theme", "https://example.com.evil.com/theme", "https://notexample.com/theme", "http://localhost:5173/theme"])(
    "sets a cookie for the request's host alone when that host is not within the domain (a subdomain gets the shared one): %s",
    async (url) => {
      expect((await answer("https://docs.example.com/theme")).headers.get("Set-Cookie")).toMatch(/; Domain=example\.com$/);
      const response = await answer(url);
      expect(response.status).toBe(303);
      expect(response.headers.getSetCookie()).toHaveLength(1);
      expect(response.headers.get("Set-Cookie")).toMatch(/^theme=dark; Max-Age=31536000; Path=\/; SameSite=Lax(; Secure)?$/);
    },
  );
});

describe("the theme action, answering the components' background request", () => {
  it("answers JSON with the cookie and no redirect", async () => {
    const response = await action({ request: post({ body: "theme=system", headers: { Accept: "application/json" } }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ theme: "system" });
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=system;/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("the theme action, refusing", () => {
  async function expectRefusal(request: Request, status: number) {
    const response = await action({ request });
    expect(response.status).toBe(status);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toMatch(/not changed/);
  }

  it("refuses a post from another site with 403", async () => {
    await expectRefusal(post({ headers: { "Sec-Fetch-Site": "cross-site" } }), 403);
  });

  it("refuses a post whose Origin is another host with 403", async () => {
    const request = new Request("https://site.test/theme", {
      method: "POST",
      body: "theme=dark",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
    });
    await expectRefusal(request, 403);
  });

  const invalid: Array<[string, string]> = [
    ["no theme", "redirectTo=%2F"],
    ["an unknown theme", "theme=purple"],
    ["an upper-case theme", "theme=DARK"],
    ["an empty theme", "theme="],
    ["two themes", "theme=dark&theme=light"],
    ["two equal themes", "theme=dark&theme=dark"],
    ["an empty body", ""],
  ];
  it.each(invalid)("refuses %s with 400", async (_name, body) => {
    await expectRefusal(post({ body }), 400);
  });

  it("refuses a body that is not UTF-8 with 400", async () => {
    await expectRefusal(post({ body: new Uint8Array([0x74, 0x68, 0x65, 0x6d, 0x65, 0x3d, 0xff, 0xfe]) }), 400);
  });

  it("refuses a body over 4 KB with 413 and closes the connection", async () => {
    const request = post({ body: `theme=dark&redirectTo=/${"a".repeat(5000)}` });
    const response = await action({ request });
    expect(response.status).toBe(413);
    expect(response.headers.get("Connection")).toBe("close");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("stops reading a streamed body as soon as it passes 4 KB", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode("a".repeat(1024)));
      },
    });
    const response = await action({ request: post({ body }) });
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  const wrongTypes: Array<[string, Record<string, string>]> = [
    ["JSON", { "Content-Type": "application/json" }],
    ["multipart form data", { "Content-Type": "multipart/form-data; boundary=x" }],
    ["plain text", { "Content-Type": "text/plain" }],
  ];
  it.each(wrongTypes)("refuses %s with 415", async (_name, headers) => {
    await expectRefusal(post({ body: '{"theme":"dark"}', headers }), 415);
  });

  it("accepts the form type with a charset and in another case", async () => {
    const response = await action({ request: post({ headers: { "Content-Type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" } }) });
    expect(response.status).toBe(303);
  });
});

describe("the theme loader", () => {
  it("sends a GET to the home page", () => {
    const response = themeLoader();
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
  });
});
