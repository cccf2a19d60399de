import { createTheme } from "react-router-theme";

export const theme = createTheme();
