import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback proxy in front of the site that sends one document in two
 * parts: up to a cut, then (once `release()` is called) the rest. Between
 * the two, the browser lays out and paints what it has, as it does on a slow
 * network or a busy phone: what a visitor sees mid-download.
 *
 * Every other request passes through unchanged.
 */
export type PausedDocument = {
  /** The proxy's origin: open `${url}${path}` in the page. */
  url: string;
  /** Sends the rest of the document. */
  release(): void;
  close(): Promise<void>;
};

/** Cuts the document after the end of the first match of `after` (searched from the start). */
export type Cut = { name: string; after: RegExp };

export async function pauseDocument(upstream: string, path: string, cut: Cut): Promise<PausedDocument> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const target = new URL(upstream);

  const server = http.createServer((request, response) => {
    const isDocument = request.method === "GET" && request.url === path;
    const headers = { ...request.headers, host: target.host };
    // The document is cut by characters, so ask for it uncompressed.
    if (isDocument) headers["accept-encoding"] = "identity";
    const forwarded = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers },
      async (answer) => {
        if (!isDocument) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const html = Buffer.concat(chunks).toString("utf8");
        const match = cut.after.exec(html);
        if (!match) {
          response.writeHead(500).end(`the cut "${cut.name}" (${cut.after}) is not in ${path}`);
          return;
        }
        const at = match.index + match[0].length;
        const { "content-length": _length, ...rest } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, rest);
        response.write(html.slice(0, at));
        await released;
        response.end(html.slice(at));
      },
    );
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
