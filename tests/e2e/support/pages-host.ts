import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { lookup } from "mrmime";

/**
 * A static file host that behaves like GitHub Pages for a project site: the
 * folder is served under `/<base>/`; an address that names a folder without
 * its final "/" is redirected (301) to it, whose index.html is then served;
 * an address that names nothing answers 404 with the folder's 404.html. No
 * rewrites, nothing else: what a page needs must be a file where it asks.
 */
export function startPagesHost(root: string, basePath: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://host");
    const send = (status: number, file: string | null, headers: Record<string, string> = {}) => {
      const type = file ? (lookup(file) ?? "application/octet-stream") : "text/plain";
      response.writeHead(status, { "Content-Type": type, ...headers });
      response.end(file ? fs.readFileSync(file) : `${status}\n`);
    };
    const notFound = () => send(404, fs.existsSync(path.join(root, "404.html")) ? path.join(root, "404.html") : null);

    if (url.pathname === basePath) return send(301, null, { Location: `${basePath}/${url.search}` });
    if (!url.pathname.startsWith(`${basePath}/`)) return notFound();
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname.slice(basePath.length + 1));
    } catch {
      return notFound();
    }
    const target = path.resolve(root, relative);
    if (target !== root && !target.startsWith(root + path.sep)) return notFound();
    const stat = fs.statSync(target, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      if (!url.pathname.endsWith("/")) return send(301, null, { Location: `${url.pathname}/${url.search}` });
      const index = path.join(target, "index.html");
      return fs.existsSync(index) ? send(200, index) : notFound();
    }
    return stat?.isFile() ? send(200, target) : notFound();
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}${basePath}/`,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      }),
    );
  });
}
