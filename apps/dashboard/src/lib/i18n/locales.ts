// The languages the dashboard speaks and how one is chosen: "system" follows the browser's
// languages (navigator.languages, and its `languagechange`), or a language picked in the account
// menu, remembered per browser (localStorage).

export const SOURCE_LOCALE = 'en';
/** The languages a user can pick, in the menu's order. */
export const LOCALES = ['en', 'de', 'zh-CN'] as const;
/** `pseudo` is for tests only (accented, ~30 % longer English); no menu offers it. */
export type Locale = (typeof LOCALES)[number] | 'pseudo';
export type LocalePreference = 'system' | Locale;

export const LOCALE_STORAGE_KEY = 'hearth.locale';

/** Each language's own name, the same in every language (a reader finds their own). */
export const LOCALE_NAMES: Record<(typeof LOCALES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  'zh-CN': '简体中文',
};

function isLocale(value: unknown): value is Locale {
  return value === 'pseudo' || (LOCALES as readonly unknown[]).includes(value);
}

/** The first of the browser's languages the dashboard speaks, else English. */
export function systemLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split('-')[0];
    if (language === 'en') return 'en';
    if (language === 'de') return 'de';
    // Chinese in any script: Simplified is the only Chinese on offer, closer than English.
    if (language === 'zh') return 'zh-CN';
  }
  return SOURCE_LOCALE;
}

export function resolveLocale(preference: LocalePreference, languages: readonly string[]): Locale {
  return preference === 'system' ? systemLocale(languages) : preference;
}

export function readLocalePreference(): LocalePreference {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function storeLocalePreference(preference: LocalePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(LOCALE_STORAGE_KEY);
    else localStorage.setItem(LOCALE_STORAGE_KEY, preference);
  } catch {
    // Private mode: the choice holds for this page only.
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The tag Intl formats with: the spec's English texts are American (dates "Nov 27, 2026"). */
export function intlLocale(locale: string): string {
  return locale === 'en' || locale === 'pseudo' ? 'en-US' : locale;
}
