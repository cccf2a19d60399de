import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentFileResponse, contentType, type ServableFile } from "./content-file-response.server";

let root: string;
let outside: string;
const files = new Map<string, ServableFile>();

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5279e5f0000000049454e44ae426082", "hex");

async function addFile(relativePath: string, content: string | Buffer) {
  const absolute = path.join(root, relativePath);
  await fs.mkdir(path.dirname(absolute), { recursive: true });
  await fs.writeFile(absolute, content);
  const stat = await fs.stat(absolute);
  files.set(relativePath, { path: absolute, size: stat.size, mtimeMs: stat.mtimeMs, version: `v${stat.size}` });
}

function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(new URL(url, "http://docs.test"), { method, headers });
  const splat = decodeURIComponent(new URL(request.url).pathname.replace(/^\/guide-files\//, ""));
  return contentFileResponse(request, splat, files);
}

beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "content-files-")));
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "outside-")));
  await fs.writeFile(path.join(outside, "secret.txt"), "not for the web");
  await addFile("img/dot.png", PNG);
  await addFile("diagram.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await addFile("report.html", "<script>alert(1)</script>");
  await addFile("notes.txt", "0123456789");
  await addFile("example.ts", "export const answer = 42;\n");
  await addFile("data.bin", "raw");
  await addFile("empty.txt", "");
  await addFile("ünï cödé/space name.png", PNG);
  await fs.writeFile(path.join(root, ".env"), "SECRET=1");
  await fs.writeFile(path.join(root, "page.md"), "# A page");
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(outside, { recursive: true, force: true });
});

describe("a file of the content folder", () => {
  it("is sent whole with its type, length, validators and a revalidating cache policy", async () => {
    const response = await get("/guide-files/img/dot.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Length")).toBe(String(PNG.length));
    expect(response.headers.get("ETag")).toBe('"v' + PNG.length + '"');
    expect(response.headers.get("Last-Modified")).toBe(new Date(files.get("img/dot.png")!.mtimeMs).toUTCString());
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it("is cacheable for a year when the URL names its current version", async () => {
    const version = files.get("img/dot.png")!.version;
    expect((await get(`/guide-files/img/dot.png?v=${version}`)).headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/guide-files/img/dot.png?v=stale")).headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
  });

  it("is found by a path with spaces and non-ASCII letters", async () => {
    const response = await get(`/guide-files/${encodeURI("ünï cödé/space name.png")}`);
    expect(response.status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const response = await get("/guide-files/notes.txt", {}, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe("10");
    expect(response.body).toBeNull();
  });

  it("answers 304 to a matching If-None-Match, and If-None-Match wins over If-Modified-Since", async () => {
    const { headers } = await get("/guide-files/notes.txt");
    const etag = headers.get("ETag")!;
    const lastModified = headers.get("Last-Modified")!;
    const notModified = await get("/guide-files/notes.txt", { "If-None-Match": `"other", W/${etag}` });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(notModified.body).toBeNull();
    expect((await get("/guide-files/notes.txt", { "If-None-Match": '"other"', "If-Modified-Since": lastModified })).status).toBe(200);
  });

  it("answers 304 to an If-Modified-Since at or after its time, 200 to an earlier one", async () => {
    const mtimeMs = files.get("notes.txt")!.mtimeMs;
    const at = new Date(mtimeMs).toUTCString();
    const before = new Date(mtimeMs - 60_000).toUTCString();
    expect((await get("/guide-files/notes.txt", { "If-Modified-Since": at })).status).toBe(304);
    expect((await get("/guide-files/notes.txt", { "If-Modified-Since": before })).status).toBe(200);
    expect((await get("/guide-files/notes.txt", { "If-Modified-Since": "not a date" })).status).toBe(200);
  });
});

describe("content types", () => {
  it("adds charset=utf-8 to text, and octet-stream when the type is unknown", async () => {
    expect((await get("/guide-files/notes.txt")).headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect((await get("/guide-files/data.bin")).headers.get("Content-Type")).toBe("application/octet-stream");
    expect(contentType("a/b.json")).toBe("application/json; charset=utf-8");
    expect(contentType("a/b.unknown-thing")).toBe("application/octet-stream");
  });

  it("shows source files as plain text, never as script or style of this origin", async () => {
    expect((await get("/guide-files/example.ts")).headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(contentType("theme.js")).toBe("text/plain; charset=utf-8");
    expect(contentType("site.css")).toBe("text/plain; charset=utf-8");
  });

  it("sandboxes SVG and HTML, which could run script if opened as a page", async () => {
    for (const url of ["/guide-files/diagram.svg", "/guide-files/report.html"]) {
      const policy = (await get(url)).headers.get("Content-Security-Policy");
      expect(policy, url).toMatch(/default-src 'none'/);
      expect(policy, url).toMatch(/\bsandbox\b/);
    }
  });
});

describe("what is not a file of the folder", () => {
  it.each([
    ["traversal", "../outside/secret.txt"],
    ["encoded traversal", "..%2foutside%2fsecret.txt"],
    ["double-encoded traversal", "%252e%252e%252fsecret.txt"],
    ["backslashes", "..\\outside\\secret.txt"],
    ["an absolute path", "/etc/passwd"],
    ["a dotfile", ".env"],
    ["a Markdown source", "page.md"],
    ["a folder", "img"],
    ["a folder with a slash", "img/"],
    ["nothing", ""],
    ["a NUL byte", "img/dot.png%00"],
  ])("answers a plain 404 to %s", async (_name, splat) => {
    const response = await get(`/guide-files/${splat}`);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("404 Not Found");
  });

  it("answers 404 when the request names no file at all", async () => {
    const response = await contentFileResponse(new Request("http://docs.test/guide-files/"), undefined, files);
    expect(response.status).toBe(404);
  });

  it("answers 404, not an error, for a file removed since the guide was loaded", async () => {
    await addFile("gone.txt", "soon gone");
    await fs.rm(path.join(root, "gone.txt"));
    expect((await get("/guide-files/gone.txt")).status).toBe(404);
  });

  it("answers 404 at once for a file swapped for a named pipe after loading, where opening it waited for a writer", async () => {
    await addFile("piped.png", PNG);
    await fs.rm(path.join(root, "piped.png"));
    execFileSync("mkfifo", [path.join(root, "piped.png")]);
    expect((await get("/guide-files/piped.png")).status).toBe(404);
  });

  it("does not follow a file swapped for a link out of the folder after loading", async () => {
    await addFile("swapped.txt", "innocent");
    await fs.rm(path.join(root, "swapped.txt"));
    await fs.symlink(path.join(outside, "secret.txt"), path.join(root, "swapped.txt"));
    expect((await get("/guide-files/swapped.txt")).status).toBe(404);
  });

  it("does not follow a folder above the file swapped for a link out of the folder after loading", async () => {
    await addFile("sub/secret.txt", "innocent");
    await fs.rename(path.join(root, "sub"), path.join(root, "sub-before"));
    // The link leads to a folder outside that holds a file of the same name.
    await fs.symlink(outside, path.join(root, "sub"));
    const response = await get("/guide-files/sub/secret.txt");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("not for the web");
  });

  it("still sends a file replaced by a new one at the same path since loading, as an editor or a deployment saves it", async () => {
    await addFile("replaced.txt", "first");
    await fs.writeFile(path.join(root, "replaced.txt.new"), "second");
    await fs.rename(path.join(root, "replaced.txt.new"), path.join(root, "replaced.txt"));
    expect(await (await get("/guide-files/replaced.txt")).text()).toBe("second");
  });

  it("sends the bytes on disk, not stale ones, for a file changed since loading, and not as its old version", async () => {
    await addFile("changing.txt", "short");
    const version = files.get("changing.txt")!.version;
    await fs.writeFile(path.join(root, "changing.txt"), "a good deal longer now");
    const response = await get(`/guide-files/changing.txt?v=${version}`);
    expect(await response.text()).toBe("a good deal longer now");
    expect(response.headers.get("Content-Length")).toBe("22");
    expect(response.headers.get("ETag")).not.toBe(`"${version}"`);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
  });
});

describe("byte ranges", () => {
  it("answers one range with 206 and its part of the file", async () => {
    const response = await get("/guide-files/notes.txt", { Range: "bytes=2-5" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe("bytes 2-5/10");
    expect(response.headers.get("Content-Length")).toBe("4");
    expect(response.headers.get("Cache-Control")).toMatch(/no-transform/);
    expect(await response.text()).toBe("2345");
  });

  it("understands open-ended and suffix ranges", async () => {
    expect(await (await get("/guide-files/notes.txt", { Range: "bytes=7-" })).text()).toBe("789");
    expect(await (await get("/guide-files/notes.txt", { Range: "bytes=-3" })).text()).toBe("789");
    expect(await (await get("/guide-files/notes.txt", { Range: "bytes=8-100" })).text()).toBe("89");
  });

  it("answers 416 to a range past the end", async () => {
    const response = await get("/guide-files/notes.txt", { Range: "bytes=10-" });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe("bytes */10");
    expect((await get("/guide-files/empty.txt", { Range: "bytes=-1" })).status).toBe(416);
  });

  it("sends the whole file for several ranges, malformed ones and a stale If-Range", async () => {
    const cases: Record<string, string>[] = [
      { Range: "bytes=0-1,4-5" },
      { Range: "items=0-1" },
      { Range: "bytes=5-2" },
      { Range: "bytes=-" },
      { Range: "bytes=0-1", "If-Range": '"stale"' },
    ];
    for (const headers of cases) {
      const response = await get("/guide-files/notes.txt", headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(await response.text()).toBe("0123456789");
    }
  });
});
