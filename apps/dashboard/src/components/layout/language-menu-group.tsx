import { DropdownMenu } from 'radix-ui';
import { Check, Languages } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { setLocalePreference, useLocalePreference } from '@/lib/i18n/i18n.ts';
import { LOCALES, LOCALE_NAMES } from '@/lib/i18n/locales.ts';
import type { LocalePreference } from '@/lib/i18n/locales.ts';
import { MENU_ITEM } from '../ui/menu-item-styles.ts';
import { MENU_GROUP_LABEL } from './theme-menu-group.tsx';

/**
 * The language choice beside the theme in the account menu: System (the browser's languages),
 * English, Deutsch, 简体中文 — each language in its own name and script, with its `lang`, so a
 * reader finds theirs whatever the page is in. Remembered in this browser.
 */
export function LanguageMenuGroup() {
  const { t } = useLingui();
  const preference = useLocalePreference();
  const item = cn(MENU_ITEM, 'h-11 px-2.5 text-sm wide:h-9');
  const indicator = (
    <DropdownMenu.ItemIndicator>
      <Check aria-hidden className="size-4 text-accent" />
    </DropdownMenu.ItemIndicator>
  );
  return (
    <DropdownMenu.Group aria-label={t`Language`}>
      <DropdownMenu.Label className={MENU_GROUP_LABEL}>
        <Trans>Language</Trans>
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={preference}
        onValueChange={(value) => void setLocalePreference(value as LocalePreference)}
      >
        <DropdownMenu.RadioItem
          value="system"
          // Like the theme: the menu stays open, so the change can be seen and undone.
          onSelect={(event) => event.preventDefault()}
          className={item}
        >
          <Languages aria-hidden className="size-4 text-muted" />
          <span className="flex-1">
            <Trans>System language</Trans>
          </span>
          {indicator}
        </DropdownMenu.RadioItem>
        {LOCALES.map((locale) => (
          <DropdownMenu.RadioItem
            key={locale}
            value={locale}
            onSelect={(event) => event.preventDefault()}
            className={item}
          >
            <span aria-hidden className="size-4" />
            <span lang={locale} className="flex-1">
              {LOCALE_NAMES[locale]}
            </span>
            {indicator}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}
