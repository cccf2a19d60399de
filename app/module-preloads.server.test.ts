import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { dropModulePreloads } from "./module-preloads.server";

const document =
  '<!DOCTYPE html><html><head><title>Écrit à la main</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n"/></head><body><p>Écrit <code>&lt;link rel="modulepreload"&gt;</code></p>' +
  '<link rel="modulepreload" href="/in-body.js"/></body></html>';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(dropModulePreloads()));
}

// The document as it is sent: the two preloads in the head taken out, everything else as it was.
const withoutHeadPreloads = document.replace('<link rel="modulepreload" href="/assets/entry.js" nonce="n"/>', "").replace('<link rel="modulepreload" href="/assets/root.js" nonce="n"/>', "");

describe("module preloads taken out of the head", () => {
  it("takes out every module preload in the head, and nothing else", async () => {
    const result = await through([Buffer.from(document)]);
    expect(result).not.toContain("/assets/entry.js");
    expect(result).not.toContain("/assets/root.js");
    expect(result).toContain('<link rel="stylesheet" href="/a.css"/>');
    // After </head> the document is passed through as it is, text that looks like a tag included.
    expect(result).toContain('<link rel="modulepreload" href="/in-body.js"/>');
    expect(result).toBe(withoutHeadPreloads);
  });

  it("finds tags and </head> split across chunks, and keeps characters split across them whole", async () => {
    const bytes = Buffer.from(document);
    // One byte at a time: every tag, `</head>` and the two-byte "É" are cut somewhere.
    const result = await through([...bytes].map((byte) => Buffer.from([byte])));
    expect(result).toBe(withoutHeadPreloads);
  });

  it("sends a document without a head as it came", async () => {
    expect(await through([Buffer.from("<p>no head</p>")])).toBe("<p>no head</p>");
  });
});
