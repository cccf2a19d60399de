import { defineConfig } from "vitest/config";

// The newcomer's test: the package packed, installed into an empty folder
// and run as its README says. Its unit tests run with the repository's
// (vitest.config.ts at the root).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Packing bundles the site (some 15 s alone); installing and starting add more on a busy machine.
    hookTimeout: 180_000,
    testTimeout: 60_000,
  },
});
