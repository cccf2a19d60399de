import { createContext } from "react-router";

/**
 * The Content-Security-Policy nonce a server hands to the render of one
 * request (server-seam.server.ts), so that it knows the nonce it put in the
 * page without reading it back out of a header. Null when the request came
 * without one (the development server): entry.server.tsx then makes one.
 */
export const requestNonce = createContext<string | null>(null);
