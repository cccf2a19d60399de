import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Node only: the components are rendered with react-dom/server, and the head
// script runs against a small fake document (src/test-support). The scripts'
// tests (the README's quick start applied to the template fixture) too.
export default defineConfig({
  // Tests run on the source, so "#server-side" means the source's server half.
  resolve: { alias: { "#server-side": fileURLToPath(new URL("src/server-side.ts", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    environment: "node",
  },
});
