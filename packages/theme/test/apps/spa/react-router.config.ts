import type { Config } from "@react-router/dev/config";

// SPA mode: no server at all, one index.html for every path.
export default {
  ssr: false,
} satisfies Config;
