import http from "node:http";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * Any method through node:http, sent exactly as written: no URL parser
 * normalises the path ("..", "%2e", bad escapes, "//"), and the headers
 * given go as they are (fetch would not send a Host of one's own, nor
 * TRACE), with an optional body.
 */
export function rawRequest(baseURL: string, method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseURL);
  // Declared: Node sends the body of a DELETE or OPTIONS unframed otherwise, which the server reads as the next request.
  const length: Record<string, string> = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: rawPath, method, headers: { ...length, ...headers } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A GET sent as rawRequest sends it. */
export function rawGet(baseURL: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(baseURL, "GET", rawPath, headers);
}
