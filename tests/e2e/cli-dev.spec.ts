import { fileURLToPath } from "node:url";
import { liveReloadTests } from "./support/live-reload-suite";

/**
 * `themed-guide dev [folder]`, the package's bundled command: the production
 * server with the folder watched, which tells open pages of each change by
 * server-sent events and shows a broken folder's error over the page.
 */
const CLI = fileURLToPath(new URL("../../packages/cli/dist/cli.js", import.meta.url));

liveReloadTests({
  port: 3302,
  command: (contentDir) => ({ command: process.execPath, args: [CLI, "dev", contentDir, "--port", "3302"] }),
  errorShown: (page) => page.getByRole("alert").filter({ hasText: "The folder does not load" }),
  rendersOnlyWhatChanged: true,
});
