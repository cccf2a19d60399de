import express from "express";
import { describe, expect, test } from "vitest";
import { answerOverLoopback } from "../tests/support/answer-over-loopback.ts";
import { answerDevelopmentHostsOnly, isDevelopmentHost } from "./development-hosts.ts";

describe("the hosts the development server answers", () => {
  test("are localhost, names under .localhost and IP addresses", () => {
    for (const hostname of ["localhost", "docs.localhost", "127.0.0.1", "192.168.1.20", "[::1]", "[2001:db8::7]"]) {
      expect(isDevelopmentHost(hostname, "127.0.0.1"), hostname).toBe(true);
    }
  });

  test("are not any other name, which a page could point at this machine by DNS rebinding", () => {
    for (const hostname of ["attacker.example", "localhost.attacker.example", "localhost.", "127.0.0.1.nip.io", "[not-ipv6]", ""]) {
      expect(isDevelopmentHost(hostname, "127.0.0.1"), hostname).toBe(false);
    }
  });

  test("include the host name it was told to listen on", () => {
    expect(isDevelopmentHost("docs.internal", "docs.internal")).toBe(true);
    expect(isDevelopmentHost("docs.internal", "Docs.Internal")).toBe(true);
    expect(isDevelopmentHost("docs.internal", undefined)).toBe(false);
  });
});

/** An app with the check and one page behind it, asked with the Host given (fetch would not send one of ours). */
async function answerFor(listenHost: string | undefined, headers: Record<string, string>, trustProxy?: string) {
  const app = express();
  if (trustProxy) app.set("trust proxy", trustProxy);
  app.use(answerDevelopmentHostsOnly(listenHost));
  app.get("/guide.md", (_request, response) => void response.type("text/markdown").send("# Unpublished"));
  return answerOverLoopback(app, "/guide.md", headers);
}

describe("a request to the development server", () => {
  test("named by another host, as a DNS-rebinding page's is, is refused with 403 and a line saying which hosts it answers", async () => {
    const answer = await answerFor("127.0.0.1", { Host: "attacker.example:4413" });
    expect(answer.status).toBe(403);
    expect(answer.body).toBe("403 Forbidden: the development server answers only requests addressed to localhost, *.localhost or an IP address");
  });

  test("named by localhost or the address it listens on gets its page", async () => {
    for (const host of ["localhost:4413", "127.0.0.1:4413", "[::1]:4413", "docs.localhost:4413"]) {
      expect(await answerFor("127.0.0.1", { Host: host }), host).toEqual({ status: 200, body: "# Unpublished" });
    }
  });

  test("named by the host name it was told to listen on gets its page, and a refusal names that host", async () => {
    expect((await answerFor("docs.internal", { Host: "docs.internal:4413" })).status).toBe(200);
    expect((await answerFor("docs.internal", { Host: "attacker.example" })).body).toMatch(/localhost, \*\.localhost, an IP address or docs\.internal$/);
  });

  test("with a trusted proxy's X-Forwarded-Host of another host is refused, even with a Host of localhost", async () => {
    expect((await answerFor("127.0.0.1", { Host: "localhost:4413", "X-Forwarded-Host": "attacker.example" }, "loopback")).status).toBe(403);
    expect((await answerFor("127.0.0.1", { Host: "localhost:4413", "X-Forwarded-Host": "localhost" }, "loopback")).status).toBe(200);
  });
});
