import { readSettings, SettingsError } from "../../../app/settings.server";
import { DEFAULT_EXPORT_MEMORY_BUDGET_MB } from "../../../server/memory-budget.ts";
import { UsageError } from "./command-line.ts";

/**
 * The site's settings from the command line, beside the environment
 * variables the server has always read: an option wins over its variable.
 * Checked here, with the server's own rules, so that a bad value is a usage
 * error naming the option before anything starts.
 */

const VARIABLE_OF_OPTION = {
  port: "PORT",
  host: "HOST",
  "site-name": "SITE_NAME",
  "edit-url": "EDIT_URL_BASE",
  "site-url": "SITE_URL",
  "trust-proxy": "TRUST_PROXY",
  memory: "MEMORY_BUDGET_MB",
  "cache-dir": "CACHE_DIR",
} as const;

type OptionName = keyof typeof VARIABLE_OF_OPTION;

/** The environment the server is to read: `env` with the folder and the options given put in. */
export function siteEnvironment(
  folder: string,
  options: Partial<Record<string, string | boolean | undefined>>,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...env, CONTENT_DIR: folder };
  const given = new Map<string, OptionName>();
  for (const option of Object.keys(VARIABLE_OF_OPTION) as OptionName[]) {
    const value = options[option];
    if (typeof value !== "string") continue;
    result[VARIABLE_OF_OPTION[option]] = value;
    given.set(VARIABLE_OF_OPTION[option], option);
  }
  try {
    readSettings(result);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    // "PORT must be …": name the option when the value came from one.
    const variable = error.message.split(" ", 1)[0]!;
    const option = given.get(variable);
    throw new UsageError(option ? `--${option}${error.message.slice(variable.length)}` : error.message);
  }
  return result;
}

/**
 * A server's own settings. `build` and `check` listen on nothing, and
 * `build` takes the site's address as --site-url of its own (with a path
 * where --base gives one): a value set for some server in the same shell or
 * CI job (a PORT of its own) is neither read nor refused by them.
 */
const SERVER_VARIABLES = ["PORT", "HOST", "TRUST_PROXY", "SITE_URL"] as const;

/**
 * For `build` and `check`, which render every page once, a render worker
 * per core, and end: as siteEnvironment without the server's own settings, and
 * with an export's own default memory budget (server/memory-budget.ts)
 * unless --memory or MEMORY_BUDGET_MB gives one.
 */
export function batchEnvironment(
  folder: string,
  options: Partial<Record<string, string | boolean | undefined>>,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const notListening: NodeJS.ProcessEnv = { ...env };
  for (const name of SERVER_VARIABLES) delete notListening[name];
  const { "site-url": _ownSiteUrl, ...siteOptions } = options;
  const budgetGiven = typeof options.memory === "string" || (env.MEMORY_BUDGET_MB ?? "").trim() !== "";
  return siteEnvironment(folder, siteOptions, budgetGiven ? notListening : { ...notListening, MEMORY_BUDGET_MB: String(DEFAULT_EXPORT_MEMORY_BUDGET_MB) });
}

/** This process's environment made `next`: what `next` leaves out is removed, not kept as it was. */
export function useEnvironment(next: NodeJS.ProcessEnv, env: NodeJS.ProcessEnv = process.env): void {
  for (const name of Object.keys(env)) if (!(name in next)) delete env[name];
  Object.assign(env, next);
}
