import path from "node:path";
import { loadGuide } from "./guide.server";

/**
 * The one guide this server shows, loaded before the first request is
 * served. A broken file stops the start with a message naming it.
 */
export const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");

export const guide = await loadGuide(contentDir);
