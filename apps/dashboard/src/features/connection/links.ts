// Where the welcome and core-selection screens point for help and for the core itself.
// Hearth speaks the Lodestone core API, so the Lodestone wiki and core releases apply.
export const WIKI_URL = 'https://github.com/Lodestone-Team/lodestone/wiki';
export const CORE_DOWNLOAD_URL = 'https://github.com/Lodestone-Team/lodestone/releases';
