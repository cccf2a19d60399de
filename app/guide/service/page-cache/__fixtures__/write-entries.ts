/**
 * A second server writing to a shared cache folder, for
 * disk-page-cache.server.test.ts: `node write-entries.ts <folder> <key> <writer> <times>`
 * sets the key to this writer's payload that many times, then exits.
 */
import { openDiskPageCache } from "../disk-page-cache.server.ts";
import { payload } from "./payloads.ts";

const [folder, key, writer, times] = process.argv.slice(2) as [string, string, string, string];
const cache = openDiskPageCache(folder, { warn: (message) => console.error(message) });
for (let time = 0; time < Number(times); time++) await cache.set(key, payload(writer, time));
