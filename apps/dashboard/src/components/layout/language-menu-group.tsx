import { Languages } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { setLocalePreference, useLocalePreference } from '@/lib/i18n/i18n.ts';
import { LOCALES, LOCALE_NAMES } from '@/lib/i18n/locales.ts';
import type { LocalePreference } from '@/lib/i18n/locales.ts';
import { MenuChoice, MenuChoiceGroup } from './menu-choice-group.tsx';

/**
 * The language choice beside the theme in the account menu: System (the browser's languages),
 * English, Deutsch, 简体中文 — each language in its own name and script, with its `lang`, so a
 * reader finds theirs whatever the page is in. Remembered in this browser.
 */
export function LanguageMenuGroup() {
  const { t } = useLingui();
  const preference = useLocalePreference();
  return (
    <MenuChoiceGroup
      label={t`Language`}
      value={preference}
      onChange={(value) => void setLocalePreference(value as LocalePreference)}
    >
      <MenuChoice value="system" icon={Languages}>
        <Trans>System language</Trans>
      </MenuChoice>
      {LOCALES.map((locale) => (
        <MenuChoice key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </MenuChoice>
      ))}
    </MenuChoiceGroup>
  );
}
