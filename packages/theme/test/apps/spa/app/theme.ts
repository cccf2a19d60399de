import { createTheme } from "react-router-theme";

// SPA mode, as the README's "Rendering modes" says: no server to post to.
export const theme = createTheme({ endpoint: null });
