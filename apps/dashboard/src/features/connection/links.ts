// Where the welcome and core-selection screens point for help and for the core itself: Hearth's own
// documentation, served by the core that served this dashboard (apps/core/src/http/docs-page.ts) —
// a user never leaves for another product's pages.

/** The manuals' index. */
export const WIKI_URL = '/docs/';
/** The README's "Run it" section: what to install and the two commands. */
export const CORE_DOWNLOAD_URL = '/docs/readme#run-it';
