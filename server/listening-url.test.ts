import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import { listeningUrl } from "./listening-url.ts";

describe("the URL the server prints once it listens", () => {
  test("names the port the system chose when it was asked for port 0", async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1" }, resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(port).toBeGreaterThan(0);
      expect(listeningUrl(server.address(), "127.0.0.1")).toBe(`http://127.0.0.1:${port}`);
    } finally {
      server.close();
    }
  });

  test("writes an IPv6 host in brackets, and localhost when no host was given", () => {
    const address = { address: "::", family: "IPv6", port: 8080 };
    expect(listeningUrl(address, "::")).toBe("http://[::]:8080");
    expect(listeningUrl(address, "::1")).toBe("http://[::1]:8080");
    expect(listeningUrl({ ...address, port: 3000 }, undefined)).toBe("http://localhost:3000");
  });
});
