import type { AddressInfo } from "node:net";

/**
 * What the server prints once it listens: a URL that opens it. The port is
 * the one it listens on, which for `--port 0` (PORT=0) is the one the
 * system chose, not 0; an IPv6 host is written in brackets, as URLs need.
 */
export function listeningUrl(address: AddressInfo | string | null, host: string | undefined): string {
  const port = address !== null && typeof address === "object" ? address.port : 0;
  const name = host ?? "localhost";
  return `http://${name.includes(":") ? `[${name}]` : name}:${port}`;
}
