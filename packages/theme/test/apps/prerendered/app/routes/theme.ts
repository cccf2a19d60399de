import { themeAction, themeLoader } from "react-router-theme/server";
import { theme } from "../theme";

export const action = themeAction(theme);
export const loader = themeLoader;
