import type { Config } from "@react-router/dev/config";

// "/" is prerendered at build time, for nobody; "/about" stays server-rendered.
export default {
  ssr: true,
  prerender: ["/"],
} satisfies Config;
