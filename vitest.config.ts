import { defineConfig } from "vitest/config";

// Unit tests live next to the code; the browser tests in tests/e2e belong to Playwright.
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/*.test.ts", "packages/cli/src/**/*.test.ts"],
    // Tests assert behaviour, not speed: the highlighter's first page takes a
    // second alone and several on a busy machine, which 5 s did not always cover.
    testTimeout: 30_000,
  },
});
