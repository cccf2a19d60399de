import type { Worker } from "node:worker_threads";
import { RouterContextProvider } from "react-router";
import type { ThemePreference } from "react-router-theme";
import { getThemePreference, getThemeScriptHash } from "react-router-theme/server";
import { GuideContentError } from "./guide/guide-content-error";
import { checkGuide } from "./guide/service/check-guide.server";
import { exportPlan } from "./guide/service/export-plan.server";
import { cacheShareNow, endRenderWorkers, startGuide } from "./guide/service/guide-service.server";
import { CONTENT_ERROR_EVENT, CONTENT_UPDATED_EVENT, LIVE_RELOAD_PATH } from "./guide/dev/live-reload-event";
import { watchGuide } from "./guide/dev/watch-guide.server";
import { requestNonce } from "./request-nonce.server";
import { contentSecurityPolicy, createNonce, staticPagePolicy } from "./security/content-security-policy.server";
import { settings, SettingsError } from "./settings.server";
import { staticSiteTheme, theme } from "./theme/theme";

/**
 * Everything the production server (server/) and the command-line tool
 * (packages/cli) take from the app, and the only way they reach it:
 * exported by entry.server.tsx and read from the server build
 * (`build.entry.module.serverSeam`), so they and the pages share one copy
 * of each module (an `instanceof`, a context key and a cookie name mean the
 * same on both sides).
 */
export const serverSeam = {
  /** The site's settings, validated (settings.server.ts): port, host, proxy trust. */
  settings,
  /**
   * Loads the guide before the server listens; `renderWorker` is a render
   * worker the server started before it loaded this build (server/index.ts),
   * which the guide takes over if it is still running. `staticSite`: the
   * pages are rendered for a static export (`themed-guide build`), served
   * from `basePath` ("/docs"; "" at the host's root). `liveReload`: pages
   * listen for the folder's changes (`themed-guide dev`, with `watchGuide`).
   */
  async startGuide(options: { renderWorker?: Worker | null; staticSite?: boolean; basePath?: string; liveReload?: boolean } = {}): Promise<void> {
    await startGuide({
      renderWorker: options.renderWorker ?? undefined,
      staticSite: options.staticSite ?? false,
      basePath: options.basePath ?? "",
      liveReload: options.liveReload ?? false,
    });
  },
  /** `themed-guide dev`: watches the folder, loads the guide again on each change, and reports how it went. */
  watchGuide,
  /** Where pages listen for those reports, as server-sent events, and the events' names. */
  liveReload: { path: LIVE_RELOAD_PATH, updatedEvent: CONTENT_UPDATED_EVENT, errorEvent: CONTENT_ERROR_EVENT },
  /** The addresses and files a static export holds (`themed-guide build`). */
  exportPlan,
  /** An export has asked for every page: its render workers end now; resolves once their threads are gone, to whether any ran. */
  endRenderWorkers,
  /** The part of their shares of the memory budget the server's caches keep now: less while a render worker runs (server/memory-budget.ts). */
  cacheShare: cacheShareNow,
  /** Every problem the server would warn about in the settings' docs folder, found by loading and rendering it all, with its cache folder (`themed-guide check`). */
  checkFolder: () => {
    const { contentDir, cacheDir, memoryBudgetMB } = settings();
    return checkGuide(contentDir, { cacheFolder: cacheDir, budgetMB: memoryBudgetMB });
  },
  /** The one line to print when a start fails because a setting or the folder is at fault; null for any other error (a bug: print it whole). */
  describeStartError(error: unknown): string | null {
    if (error instanceof SettingsError) return `Cannot start: ${error.message}`;
    if (error instanceof GuideContentError) return `The guide cannot be loaded: ${error.message}`;
    return null;
  },
  createNonce,
  contentSecurityPolicy,
  /** A static export's pages: their policy, for a <meta>, from their inline scripts' hashes. */
  staticPagePolicy,
  /** The CSP hash of the theme's head script on a static export's pages (the package computes it from the script it renders). */
  staticThemeScriptHash: () => getThemeScriptHash(staticSiteTheme),
  /** The context a request is handled with: the page is rendered with this nonce (entry.server.tsx). */
  requestContext(nonce: string): RouterContextProvider {
    const context = new RouterContextProvider();
    context.set(requestNonce, nonce);
    return context;
  },
  /** The theme a page would be rendered in, read from a Cookie header exactly as the root loader reads it. */
  themePreference(cookieHeader: string | undefined): ThemePreference | null {
    return getThemePreference({ cookie: cookieHeader }, theme);
  },
  /** A Cookie header that asks for this preference. */
  themeCookie(preference: ThemePreference): string {
    return `${theme.cookieName}=${preference}`;
  },
};

export type ServerSeam = typeof serverSeam;
