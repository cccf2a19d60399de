import type { Config } from "@react-router/dev/config";

// The baseline for `npm run bench:browser`: React Router's minimal template
// as it comes, server-rendered. The benchmark builds it into a temporary
// folder (the CLI has no flag for that); `build/` here otherwise.
export default {
  ssr: true,
  buildDirectory: process.env.TRIVIAL_APP_BUILD_DIR ?? "build",
} satisfies Config;
