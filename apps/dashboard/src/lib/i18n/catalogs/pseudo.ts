import type { Messages } from '@lingui/core';
import { pseudoText } from '../../../../i18n/pseudo.ts';

// Every catalog of this language (one per feature, plus `app`, `components` and `lib`), in one chunk: i18n.ts loads it
// when the language is chosen.
const catalogs = import.meta.glob<Messages>('../../../locales/pseudo/*.po', {
  eager: true,
  import: 'messages',
});
export const messages: Messages = Object.fromEntries(
  Object.values(catalogs).flatMap((catalog) => Object.entries(catalog)),
);

/** Intl has no pseudo-locale: its English dates and relative times are accented the same way. */
export const decorate = pseudoText;
