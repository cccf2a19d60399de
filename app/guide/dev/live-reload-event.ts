/** The development server's message to open pages that the content folder changed. */
export const CONTENT_UPDATED_EVENT = "guide:content-updated";
/** A page's message to the development server that it fetches its data again on CONTENT_UPDATED_EVENT. */
export const LISTENING_EVENT = "guide:live-reload-listening";
