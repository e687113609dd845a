import { DropdownMenu } from 'radix-ui';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { THEME_PREFERENCES, setThemePreference, useThemePreference } from '@/lib/theme.ts';
import type { ThemePreference } from '@/lib/theme.ts';
import { MENU_ITEM } from '../ui/menu-item-styles.ts';

const CHOICES: Record<ThemePreference, { label: MessageDescriptor; icon: LucideIcon }> = {
  system: { label: msg`System theme`, icon: Monitor },
  light: { label: msg`Light theme`, icon: Sun },
  dark: { label: msg`Dark theme`, icon: Moon },
};

/** The heading of a group in the account menu (Theme, Language). */
export const MENU_GROUP_LABEL =
  'px-2.5 pt-1.5 pb-1 text-[11px] font-semibold tracking-wider text-faint uppercase';

/**
 * The theme choice inside a dropdown menu (the account menu): System, Light or Dark, a radio
 * group whose choice is remembered in this browser.
 */
export function ThemeMenuGroup() {
  const { t, i18n } = useLingui();
  const preference = useThemePreference();
  return (
    <DropdownMenu.Group aria-label={t`Theme`}>
      <DropdownMenu.Label className={MENU_GROUP_LABEL}>
        <Trans>Theme</Trans>
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={preference}
        onValueChange={(value) => setThemePreference(value as ThemePreference)}
      >
        {THEME_PREFERENCES.map((choice) => {
          const { label, icon: Icon } = CHOICES[choice];
          return (
            <DropdownMenu.RadioItem
              key={choice}
              value={choice}
              // Picking a theme keeps the menu open, so the change can be seen and undone.
              onSelect={(event) => event.preventDefault()}
              className={cn(MENU_ITEM, 'h-11 px-2.5 text-sm wide:h-9')}
            >
              <Icon aria-hidden className="size-4 text-muted" />
              <span className="flex-1">{i18n._(label)}</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden className="size-4 text-accent" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          );
        })}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}
