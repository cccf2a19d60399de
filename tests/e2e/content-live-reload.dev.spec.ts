import { liveReloadTests } from "./support/live-reload-suite";

/** `npm run dev` with CONTENT_DIR set: Vite's development server, which shows a broken folder in its own overlay. */
liveReloadTests({
  port: 3300,
  command: () => ({ command: "npx", args: ["react-router", "dev", "--host", "127.0.0.1", "--port", "3300", "--strictPort"] }),
  errorShown: (page) => page.locator("vite-error-overlay .message"),
  // Vite's overlay styles itself inline, which the site's style-src refuses
  // unless the page carries a <meta property="csp-nonce"> that the policy
  // allows: the overlay then shows unstyled, its text all there.
  expectedConsole: /^error: Applying inline style violates .*style-src/,
});
