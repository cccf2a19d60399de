import { defineConfig } from "vitest/config";

// Unit tests live next to the code; the browser tests in tests/e2e belong to Playwright.
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/*.test.ts"],
  },
});
