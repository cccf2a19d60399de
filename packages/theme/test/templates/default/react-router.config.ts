import type { Config } from "@react-router/dev/config";

export default {
  // Server rendering, the template's default (`false` makes it an SPA).
  ssr: true,
} satisfies Config;
