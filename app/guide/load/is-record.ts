/** A plain object read from a file (YAML, TOML, JSON), not an array or null. Its own module: the command line runs its importers under Node from source. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
