// Lucide's module of one icon (starlight-icons.ts imports them one by one):
// the package types only its index, which exports the same data by name.
declare module "lucide/dist/esm/icons/*.mjs" {
  import type { IconNode } from "lucide";
  const icon: IconNode;
  export default icon;
}
