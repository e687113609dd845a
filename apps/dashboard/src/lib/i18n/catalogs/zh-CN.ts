import type { Messages } from '@lingui/core';

// Every catalog of this language (one per feature, plus `app`, `components` and `lib`), in one chunk: i18n.ts loads it
// when the language is chosen.
const catalogs = import.meta.glob<Messages>('../../../locales/zh-CN/*.po', {
  eager: true,
  import: 'messages',
});
export const messages: Messages = Object.fromEntries(
  Object.values(catalogs).flatMap((catalog) => Object.entries(catalog)),
);
