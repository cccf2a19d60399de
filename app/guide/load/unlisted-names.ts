import path from "node:path";

/**
 * Names the guide never lists and `dev` never watches, as the docs tools
 * leave them out: "." names (.git, .vitepress, .env, .cache: tool
 * configuration and secrets) and node_modules (list-content-folder.server.ts).
 */
export function isUnlistedName(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/** Whether `inner` is `folder` or inside it at a path the guide would list: under no unlisted name. */
export function listedWithin(folder: string, inner: string): boolean {
  const relative = path.relative(folder, inner);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return false;
  return !relative.split(path.sep).some(isUnlistedName);
}
