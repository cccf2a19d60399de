import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import type { ServerSeam } from "../../../app/server-seam.server";

/**
 * Where the package keeps the site's production build, and the build's
 * server seam: the only way this tool reaches the site's code. The paths
 * are the bundle's (dist/cli.js beside build/), as they are the repository's
 * (server/ beside build/).
 */
export const RENDER_WORKER_FILE = new URL("../build/worker/render-worker.js", import.meta.url);
const SERVER_BUILD = new URL("../build/server/index.js", import.meta.url);
/** The browser's files, as built (a static export copies them). */
export const CLIENT_DIR = fileURLToPath(new URL("../build/client/", import.meta.url));

/** The server build and its seam; load them only once NODE_ENV says production, as React reads it on load. */
export async function loadServerBuild(): Promise<{ build: ServerBuild; seam: ServerSeam }> {
  const build = (await import(SERVER_BUILD.href)) as ServerBuild & { entry: { module: { serverSeam: ServerSeam } } };
  return { build, seam: build.entry.module.serverSeam };
}

export async function loadServerSeam(): Promise<ServerSeam> {
  return (await loadServerBuild()).seam;
}
