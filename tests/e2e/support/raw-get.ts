import http from "node:http";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A GET through node:http, sent exactly as written: no URL parser
 * normalises the path ("..", "%2e", bad escapes, "//"), and the headers
 * given go as they are (fetch would not send a Host of one's own).
 */
export function rawGet(baseURL: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: rawPath, method: "GET", headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}
