/**
 * The ceiling for `npm run bench`: plain node:http answering every request
 * with fixed bytes (a guide page exactly as the site sent it), no routing,
 * no rendering, no compression work. Prints its URL once listening.
 */
import fs from "node:fs";
import http from "node:http";

const body = fs.readFileSync(process.argv[2]!);
const headers = JSON.parse(process.argv[3]!) as Record<string, string>;
const server = http.createServer((_request, response) => {
  response.writeHead(200, { ...headers, "Content-Length": body.length });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
