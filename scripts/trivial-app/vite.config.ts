import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The template's Vite config without Tailwind: React Router's plugin only.
export default defineConfig({
  plugins: [reactRouter()],
});
