/**
 * Hostile requests of the kinds a public server meets from its first minute,
 * sent as raw HTTP over a socket so that nothing between the script and the
 * server tidies them up. Each answer is checked: never a 5xx, never a
 * redirect off the site, never a cookie set by a refused request, never the
 * request's own markup reflected back.
 */
import net from "node:net";

export type HostileRequest = { kind: string; raw: string | Buffer };
export type Answer = { status: number | "no answer"; headers: Map<string, string[]>; body: string };
export type Finding = { kind: string; problem: string; request: string };
export type Report = { sent: number; byStatus: Map<string, number>; byKind: Map<string, number>; findings: Finding[] };

const MARKER = "<script>hostile()</script>";
const PAGES = ["/", "/guide", "/guide/themes", "/guide/deployment/replicas", "/appearance", "/no-such-page", "/guide-pages/2"];
const RESOURCE_ROUTES = ["/theme", "/healthz", "/sitemaps/2.xml"];
const EVERY_ROUTE = [...PAGES, ...RESOURCE_ROUTES];
const ROUTE_IDS = ["root", "routes/home", "routes/guide", "routes/guide-page", "routes/guide-list-part", "routes/appearance", "routes/theme"];

function request(method: string, target: string, headers: Record<string, string> = {}, body = ""): string {
  const lines = [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body || method === "POST") lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };

/** One of each shape; `generate` repeats them with varied values up to a count. */
function shapes(round: number): HostileRequest[] {
  const page = PAGES[round % PAGES.length]!;
  const routeId = ROUTE_IDS[round % ROUTE_IDS.length]!;
  const noise = Math.random().toString(36).slice(2);
  const list: HostileRequest[] = [
    // React Router's published advisories.
    { kind: "spa-mode header", raw: request("GET", page, { "X-React-Router-SPA-Mode": "yes" }) },
    { kind: "prerender-data header", raw: request("GET", page, { "X-React-Router-Prerender-Data": `[{"_1":2},"${noise}"]` }) },
    { kind: "spoofed host", raw: request("GET", page, { Host: `evil.example:${1000 + round}/path?x=${noise}` }).replace("Host: 127.0.0.1\r\n", "") },
    { kind: "spoofed forwarded host", raw: request("POST", "/theme", { ...form, "X-Forwarded-Host": "evil.example/x", "X-Forwarded-Proto": "https" }, "theme=dark&redirectTo=/") },
    { kind: "manifest flood", raw: request("GET", `/__manifest?version=x&${Array.from({ length: 200 + (round % 5) * 200 }, (_, i) => `p=/a${i}`).join("&")}`) },
    { kind: ".data request", raw: request("GET", `${page === "/" ? "/_root" : page}.data`) },
    { kind: "_routes request", raw: request("GET", `${page === "/" ? "/_root" : page}.data?_routes=${routeId},${noise}`) },
    { kind: "cross-site POST to a page", raw: request("POST", page, { ...form, Origin: "https://evil.example" }, "theme=dark") },
    { kind: "cross-site POST to .data", raw: request("POST", `${page === "/" ? "/_root" : page}.data`, { ...form, Origin: "https://evil.example" }, "theme=dark") },
    { kind: "cross-site POST to /theme", raw: request("POST", "/theme", { ...form, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, "theme=dark") },
    { kind: "null-origin POST to /theme", raw: request("POST", "/theme", { ...form, Origin: "null" }, "theme=dark") },
    ...["PUT", "PATCH", "DELETE"].map((method) => ({
      kind: `cross-site ${method}`,
      raw: request(method, EVERY_ROUTE[round % EVERY_ROUTE.length]!, { ...form, Origin: "https://evil.example" }, "theme=dark"),
    })),
    // Malformed targets and methods.
    { kind: "bad percent-encoding", raw: request("GET", ["/guide/%E0%A4%A", "/%ff", "/guide/%", "/%C0%AF"][round % 4]!) },
    { kind: "NUL in path", raw: request("GET", "/guide/a%00b") },
    { kind: "raw control character", raw: request("GET", `/guide/a\x01b`) },
    { kind: "absolute-form target", raw: request("GET", `http://evil.example/guide/themes?${noise}`) },
    { kind: "path traversal", raw: request("GET", ["/guide/../package.json", "/guide/..%2f..%2fpackage.json", "/guide/%2e%2e/%2e%2e/etc/passwd", "/assets/../../package.json", "/..%5c..%5cpackage.json"][round % 5]!) },
    { kind: "unknown method", raw: request(["FOO", "PROPFIND", "TRACE", "CONNECT"][round % 4]!, page) },
    { kind: "HEAD", raw: request("HEAD", page) },
    { kind: "oversized header", raw: request("GET", page, { "X-Big": "a".repeat(20_000) }) },
    { kind: "oversized URL", raw: request("GET", `/guide/${"a".repeat(20_000)}`) },
    { kind: "reflected markup in path", raw: request("GET", `/guide/${encodeURIComponent(MARKER)}`) },
    { kind: "reflected markup in query", raw: request("GET", `${page}?q=${encodeURIComponent(MARKER)}`) },
    // Bodies.
    { kind: "JSON body to /theme", raw: request("POST", "/theme", { "Content-Type": "application/json" }, '{"theme":"dark"}') },
    { kind: "multipart body to /theme", raw: request("POST", "/theme", { "Content-Type": "multipart/form-data; boundary=x" }, '--x\r\nContent-Disposition: form-data; name="theme"\r\n\r\ndark\r\n--x--') },
    { kind: "binary body to /theme", raw: Buffer.concat([Buffer.from(request("POST", "/theme", form, "").replace("Content-Length: 0", "Content-Length: 4")), Buffer.from([0xff, 0xfe, 0x00, 0x80])]) },
    { kind: "declared huge body", raw: request("POST", "/theme", form, "").replace("Content-Length: 0", "Content-Length: 10000000") },
    { kind: "chunked huge body", raw: chunked("/theme", 100_000) },
    { kind: "invalid theme", raw: request("POST", "/theme", form, `theme=${["purple", "DARK%20", "", "dark&theme=light", "%E0%A4%A"][round % 5]}`) },
    { kind: "hostile redirectTo", raw: request("POST", "/theme", form, `theme=dark&redirectTo=${encodeURIComponent(["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "/\t/evil.example", "/\r\nSet-Cookie: x=1", "/..//evil.example", "/%2F%2Fevil.example", `/${"a".repeat(3000)}`][round % 9]!)}`) },
    { kind: "garbage theme cookie", raw: request("GET", page, { Cookie: ["theme=%E0%A4%A", "theme=dark; theme=light", `theme=${"x".repeat(4000)}`, "theme", "=;=;theme==dark"][round % 5]! }) },
  ];
  return list;
}

function chunked(target: string, bytes: number): string {
  const head = `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`;
  const chunk = "theme=dark&x=" + "a".repeat(8000);
  let body = "";
  for (let sent = 0; sent < bytes; sent += chunk.length) body += `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
  return `${head}${body}0\r\n\r\n`;
}

export function generate(count: number): HostileRequest[] {
  const all: HostileRequest[] = [];
  for (let round = 0; all.length < count; round++) all.push(...shapes(round));
  return all.slice(0, count);
}

export function send(url: string, raw: string | Buffer, timeoutMs = 10_000): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const finish = () => resolve(parse(Buffer.concat(chunks)));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      resolve({ status: "no answer", headers: new Map(), body: "" });
    });
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", finish);
    socket.on("error", finish);
    socket.on("connect", () => socket.end(raw));
  });
}

function parse(data: Buffer): Answer {
  const text = data.toString("latin1");
  const headEnd = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...headerLines] = text.slice(0, headEnd === -1 ? undefined : headEnd).split("\r\n");
  const status = Number(statusLine.split(" ")[1]);
  const headers = new Map<string, string[]>();
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { status: Number.isInteger(status) ? status : "no answer", headers, body: headEnd === -1 ? "" : text.slice(headEnd + 4) };
}

export function check(kind: string, raw: string | Buffer, answer: Answer, site: string): string[] {
  const problems: string[] = [];
  const { status } = answer;
  // A request the server hangs up on without a word counts as answered only
  // for the shapes that Node refuses while parsing (it answers those itself).
  if (status === "no answer") problems.push("no answer");
  else if (status >= 500) problems.push(`answered ${status}`);
  for (const location of answer.headers.get("location") ?? []) {
    const target = new URL(location, site);
    if (target.origin !== new URL(site).origin) problems.push(`redirects off the site to ${location}`);
  }
  if (typeof status === "number" && status >= 400 && answer.headers.has("set-cookie")) {
    problems.push(`refused with ${status} but set a cookie`);
  }
  if (answer.headers.has("x-injected") || [...answer.headers.keys()].includes("x")) problems.push("a header was injected");
  if (answer.body.includes(MARKER)) problems.push("reflects the request's markup unescaped");
  if (/root:x:0:0|"name":\s*"themed-guide"/.test(answer.body)) problems.push("leaks a file from outside the content");
  void kind;
  void raw;
  return problems;
}

export async function run(url: string, count: number, concurrency = 16): Promise<Report> {
  const requests = generate(count);
  const report: Report = { sent: 0, byStatus: new Map(), byKind: new Map(), findings: [] };
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const { kind, raw } = requests[next++]!;
      const answer = await send(url, raw);
      report.sent++;
      const key = String(answer.status);
      report.byStatus.set(key, (report.byStatus.get(key) ?? 0) + 1);
      report.byKind.set(kind, (report.byKind.get(kind) ?? 0) + 1);
      for (const problem of check(kind, raw, answer, url)) {
        report.findings.push({ kind, problem, request: raw.toString().slice(0, 160) });
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return report;
}
