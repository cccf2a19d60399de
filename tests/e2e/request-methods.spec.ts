import { startServer } from "../../scripts/start-server";
import { expect, test } from "./fixtures";
import { rawRequest } from "./support/raw-request";

/**
 * The methods each address answers: GET and HEAD everywhere, POST only at
 * the theme form's address. Anything else is a 405 that says what the
 * address does answer, and leaves no trace in the server's log.
 */

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

test("a POST, PUT, DELETE or PATCH to an address with no form is answered 405 with Allow: GET, HEAD and one plain line, and nothing is logged", async () => {
  // A server of its own, to read its log: React Router logged every such POST's error with its stack.
  const server = await startServer();
  try {
    const paths = ["/", "/guide", "/guide/themes", "/guide.data", "/_root.data", "/llms.txt", "/sitemap.xml", "/guide-files/picture.png", "/healthz", "/no-such-page", "/favicon.svg"];
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      for (const path of paths) {
        const answer = await rawRequest(server.url, method, path, FORM, "theme=dark");
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD");
        expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
        expect(answer.body).toBe("405 Method Not Allowed");
        expect(answer.headers["set-cookie"]).toBeUndefined();
      }
    }
    expect(server.output()).not.toMatch(/Error|did not provide an `action`|\n\s+at /);
  } finally {
    await server.stop();
  }
});

test("a method other than GET, HEAD or POST at the theme form's address is answered 405 with Allow: GET, HEAD, POST", async ({ baseURL }) => {
  for (const method of ["PUT", "DELETE", "PATCH", "TRACE"]) {
    const answer = await rawRequest(baseURL!, method, "/theme", FORM, method === "TRACE" ? undefined : "theme=dark");
    expect(answer.status, method).toBe(405);
    expect(answer.headers.allow, method).toBe("GET, HEAD, POST");
    expect(answer.headers["set-cookie"], method).toBeUndefined();
  }
});

test("the theme form posted as React Router's data request, to /theme.data, still sets the theme", async ({ baseURL }) => {
  const answer = await rawRequest(baseURL!, "POST", "/theme.data", { ...FORM, Origin: new URL(baseURL!).origin, "Sec-Fetch-Site": "same-origin" }, "theme=dark&redirectTo=%2Fguide");
  expect(answer.status).toBe(202);
  expect(answer.headers["set-cookie"]).toEqual([expect.stringMatching(/^theme=dark;/)]);
});
