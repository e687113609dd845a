import { Monitor, Moon, Sun } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { THEME_PREFERENCES, setThemePreference, useThemePreference } from '@/lib/theme.ts';
import type { ThemePreference } from '@/lib/theme.ts';
import { MenuChoice, MenuChoiceGroup } from './menu-choice-group.tsx';

const CHOICES: Record<ThemePreference, { label: MessageDescriptor; icon: LucideIcon }> = {
  system: { label: msg`System theme`, icon: Monitor },
  light: { label: msg`Light theme`, icon: Sun },
  dark: { label: msg`Dark theme`, icon: Moon },
};

/**
 * The theme choice inside a dropdown menu (the account menu): System, Light or Dark, a radio
 * group whose choice is remembered in this browser.
 */
export function ThemeMenuGroup() {
  const { t, i18n } = useLingui();
  const preference = useThemePreference();
  return (
    <MenuChoiceGroup
      label={t`Theme`}
      value={preference}
      onChange={(value) => setThemePreference(value as ThemePreference)}
    >
      {THEME_PREFERENCES.map((choice) => (
        <MenuChoice key={choice} value={choice} icon={CHOICES[choice].icon}>
          {i18n._(CHOICES[choice].label)}
        </MenuChoice>
      ))}
    </MenuChoiceGroup>
  );
}
