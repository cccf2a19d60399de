import type { ServerSeam } from "../../../app/server-seam.server";

/**
 * Where the package keeps the site's production build, and the build's
 * server seam: the only way this tool reaches the site's code. The paths
 * are the bundle's (dist/cli.js beside build/), as they are the repository's
 * (server/ beside build/).
 */
export const RENDER_WORKER_FILE = new URL("../build/worker/render-worker.js", import.meta.url);
const SERVER_BUILD = new URL("../build/server/index.js", import.meta.url);

/** The seam of the server build; load it only once NODE_ENV says production, as React reads it on load. */
export async function loadServerSeam(): Promise<ServerSeam> {
  const build = (await import(SERVER_BUILD.href)) as { entry: { module: { serverSeam: ServerSeam } } };
  return build.entry.module.serverSeam;
}
