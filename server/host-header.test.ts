import { describe, expect, test } from "vitest";
import { hostnameOf } from "./host-header.ts";

describe("the host a Host header names", () => {
  test("is the name or address, lower-cased, with any port left off", () => {
    expect(hostnameOf("docs.example")).toBe("docs.example");
    expect(hostnameOf("Docs.Example.COM:8080")).toBe("docs.example.com");
    expect(hostnameOf("192.0.2.7:3000")).toBe("192.0.2.7");
    expect(hostnameOf("[::1]:8080")).toBe("[::1]");
    expect(hostnameOf("[2001:DB8::7]")).toBe("[2001:db8::7]");
    expect(hostnameOf("localhost")).toBe("localhost");
  });

  test("is none for an address the URL parser refuses, which made a request's URL unparsable (a 500)", () => {
    for (const host of ["[::::]", "1.2.3.4.5", "999.1.1.1", "[1.2.3.4]", "[::1", "x.123", "foo.09", "docs.example:65536"]) {
      expect(hostnameOf(host), host).toBeNull();
    }
  });

  test("is none for an address the URL parser would write otherwise, so the site is never named by an address nobody asked for", () => {
    for (const host of ["127.1", "0x7f.0.0.1", "2130706433", "01.2.3.4", "[0:0:0:0:0:0:0:1]", "[::ffff:1.2.3.4]"]) {
      expect(hostnameOf(host), host).toBeNull();
    }
  });

  test("is none for anything but a host and a port", () => {
    const notHosts = ["", "x".repeat(254), "evil.example/path", "evil.example@x", "a b", "docs.example:port", "docs.example:", "[not-ipv6]", "%41"];
    for (const host of notHosts) expect(hostnameOf(host), host.slice(0, 30)).toBeNull();
  });
});
