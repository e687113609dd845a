import { useSyncExternalStore } from 'react';
import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import {
  SOURCE_LOCALE,
  browserLanguages,
  readLocalePreference,
  resolveLocale,
  storeLocalePreference,
} from './locales.ts';
import type { Locale, LocalePreference } from './locales.ts';

export { i18n };

// English is in the code (every message descriptor carries its English, compiled at build time:
// i18n/vite-plugin.ts), so it needs no catalog; another language loads all its catalogs as one
// chunk, and only when it is chosen.
interface LoadedCatalogs {
  messages: Messages;
  /** What the language does to Intl's output (the pseudo-locale accents it; Intl has no pseudo). */
  decorate?: (text: string) => string;
}
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<LoadedCatalogs>> = {
  de: () => import('./catalogs/de.ts'),
  'zh-CN': () => import('./catalogs/zh-CN.ts'),
  pseudo: () => import('./catalogs/pseudo.ts'),
};

let preference: LocalePreference = 'system';
let followingBrowser = false;
const listeners = new Set<() => void>();
/** The last activation asked for wins when two overlap (a quick second pick). */
let latest = 0;

function htmlLang(locale: Locale): string {
  return locale === 'pseudo' ? 'en-XA' : locale;
}

let decorate: ((text: string) => string) | undefined;

/** Dates, times and relative times from Intl, as the active language shows them. */
export function intlText(text: string): string {
  return decorate ? decorate(text) : text;
}

/** Loads (once) and switches to `locale`; `<html lang>` follows. */
export async function activateLocale(locale: Locale): Promise<void> {
  const ticket = ++latest;
  const loaded: LoadedCatalogs =
    locale === SOURCE_LOCALE ? { messages: {} } : await loaders[locale]();
  const { messages } = loaded;
  if (ticket !== latest) return;
  decorate = loaded.decorate;
  // Plural rules and Intl formats of the pseudo-locale are English ones.
  i18n.loadAndActivate({ locale, locales: locale === 'pseudo' ? ['en'] : [locale], messages });
  document.documentElement.lang = htmlLang(locale);
}

/** English at once, for the first render of tests and of an English page. */
export function activateSourceLocale(): void {
  decorate = undefined;
  i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });
  document.documentElement.lang = SOURCE_LOCALE;
}

function applyPreference(): Promise<void> {
  return activateLocale(resolveLocale(preference, browserLanguages()));
}

/**
 * main.tsx: the remembered (or the browser's) language before the first render, so a German page
 * never flashes English; then follows the browser's languages while the choice is "system".
 */
export async function startI18n(): Promise<void> {
  preference = readLocalePreference();
  if (!followingBrowser) {
    followingBrowser = true;
    window.addEventListener('languagechange', () => {
      if (preference === 'system') void applyPreference();
    });
  }
  try {
    await applyPreference();
  } catch {
    // The language's chunk did not load (a dropped connection): the page opens in English.
    activateSourceLocale();
  }
}

/** The account menu: remembers the choice in this browser and switches to it. */
export function setLocalePreference(next: LocalePreference): Promise<void> {
  preference = next;
  storeLocalePreference(next);
  for (const listener of listeners) listener();
  return applyPreference();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocalePreference(): LocalePreference {
  return useSyncExternalStore(subscribe, () => preference);
}

/** Test seam: the stored choice is read again. */
export function resetLocalePreference(): void {
  preference = readLocalePreference();
}
