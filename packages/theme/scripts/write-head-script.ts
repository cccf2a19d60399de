// Writes the head script of the default configuration, as the built package
// renders it, where size-limit measures it (see "size-limit" in package.json).
import { mkdirSync, writeFileSync } from "node:fs";
import { createTheme } from "../dist/index.js";
import { getThemeScript } from "../dist/server.js";

mkdirSync(new URL("../.size/", import.meta.url), { recursive: true });
writeFileSync(new URL("../.size/head-script.js", import.meta.url), getThemeScript(createTheme()));
