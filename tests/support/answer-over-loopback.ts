import type express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { rawGet } from "../e2e/support/raw-request";

/**
 * What `app` answers a GET of `path` with, the headers sent as given (a
 * Host of one's own among them), over loopback: for the request guards'
 * tests, which need the peer address and headers Express reads.
 */
export async function answerOverLoopback(app: express.Express, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const { status, body } = await rawGet(`http://127.0.0.1:${port}`, path, headers);
    return { status, body };
  } finally {
    server.close();
  }
}
