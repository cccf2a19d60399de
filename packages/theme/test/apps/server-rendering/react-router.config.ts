import type { Config } from "@react-router/dev/config";

// Server rendering, the template's default.
export default {
  ssr: true,
} satisfies Config;
