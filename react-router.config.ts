import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest is a few routes: send it with the first page
  // instead of serving /__manifest lookups, one less endpoint to abuse.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
