import express from "express";
import { describe, expect, test } from "vitest";
import { answerOverLoopback } from "../tests/support/answer-over-loopback.ts";
import { rejectBadForwardedProto, rejectBadHost } from "./request-guards.ts";
import { requestOrigin } from "./react-router-handler.ts";

/** The guards in front of an app that says the address it would make each request's URL from; asked over loopback. */
async function ask(headers: Record<string, string>, trustProxy?: string) {
  const app = express();
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);
  app.use(rejectBadHost, rejectBadForwardedProto);
  app.use((request, response) => {
    const { protocol, host } = requestOrigin(request);
    response.type("text/plain").send(`${protocol}//${host}`);
  });
  return answerOverLoopback(app, "/llms.txt", { Host: "docs.example", ...headers });
}

const BAD_HOST = { status: 400, body: "400 Bad Request: the Host header does not name a host" };
const BAD_PROTO = { status: 400, body: "400 Bad Request: X-Forwarded-Proto names neither http nor https" };

describe("the address a request is answered at", () => {
  test("a Host, or a trusted X-Forwarded-Host, that the URL parser refuses is a 400, not a URL that cannot be made", async () => {
    for (const host of ["[::::]", "1.2.3.4.5", "999.1.1.1", "[1.2.3.4]"]) {
      expect(await ask({ Host: host }), host).toEqual(BAD_HOST);
      expect(await ask({ "X-Forwarded-Host": host }, "loopback"), host).toEqual(BAD_HOST);
    }
  });

  test("a trusted X-Forwarded-Proto other than http or https is a 400, not a URL that cannot be made or a scheme of null", async () => {
    for (const proto of ["a b", "1abc", "javascript", "ftp", ", https"]) {
      expect(await ask({ "X-Forwarded-Proto": proto }, "loopback"), proto).toEqual(BAD_PROTO);
    }
  });

  test("a trusted X-Forwarded-Proto of http or https, in any case or first in a list, names the scheme in lower case", async () => {
    expect(await ask({ "X-Forwarded-Proto": "HTTPS" }, "loopback")).toEqual({ status: 200, body: "https://docs.example" });
    expect(await ask({ "X-Forwarded-Proto": "https, http" }, "loopback")).toEqual({ status: 200, body: "https://docs.example" });
    expect(await ask({ "X-Forwarded-Proto": "http" }, "loopback")).toEqual({ status: 200, body: "http://docs.example" });
  });

  test("forwarded headers from a peer the proxy setting does not trust are neither believed nor judged", async () => {
    const headers = { "X-Forwarded-Proto": "javascript", "X-Forwarded-Host": "[::::]" };
    expect(await ask(headers)).toEqual({ status: 200, body: "http://docs.example" });
    // A proxy is trusted, but not at the loopback address this request comes from.
    expect(await ask(headers, "10.0.0.0/8")).toEqual({ status: 200, body: "http://docs.example" });
    expect(await ask({ "X-Forwarded-Host": "docs.example.com" }, "10.0.0.0/8")).toEqual({ status: 200, body: "http://docs.example" });
  });
});
