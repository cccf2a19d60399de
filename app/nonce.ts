import { createContext } from "react";

/**
 * The Content-Security-Policy nonce of the request being rendered. Provided
 * by entry.server.tsx; absent in the browser, where scripts have already run.
 */
export const NonceContext = createContext<string | undefined>(undefined);
