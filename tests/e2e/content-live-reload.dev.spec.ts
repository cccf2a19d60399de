import { liveReloadTests } from "./support/live-reload-suite";

/** `npm run dev` with CONTENT_DIR set: Vite's development server, which shows a broken folder in its own overlay. */
liveReloadTests({
  port: 3300,
  command: () => ({ command: "npx", args: ["react-router", "dev", "--host", "127.0.0.1", "--port", "3300", "--strictPort"] }),
  errorShown: (page) => page.locator("vite-error-overlay .message"),
});
