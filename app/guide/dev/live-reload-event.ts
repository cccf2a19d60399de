/** The development server's message to open pages that the content folder changed. */
export const CONTENT_UPDATED_EVENT = "guide:content-updated";
/** A page's message to the development server that it fetches its data again on CONTENT_UPDATED_EVENT. */
export const LISTENING_EVENT = "guide:live-reload-listening";
/** `themed-guide dev`'s message to open pages that the folder no longer loads; its data is the error. */
export const CONTENT_ERROR_EVENT = "guide:content-error";
/** `themed-guide dev`: the server-sent events of the folder's changes (server/live-reload.ts), which pages listen to (live-reload.ts). */
export const LIVE_RELOAD_PATH = "/__live-reload";
