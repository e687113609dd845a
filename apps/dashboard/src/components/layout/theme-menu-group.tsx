import { DropdownMenu } from 'radix-ui';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { THEME_PREFERENCES, setThemePreference, useThemePreference } from '@/lib/theme.ts';
import type { ThemePreference } from '@/lib/theme.ts';
import { MENU_ITEM } from '../ui/menu-item-styles.ts';

const CHOICES: Record<ThemePreference, { label: string; icon: LucideIcon }> = {
  system: { label: 'System theme', icon: Monitor },
  light: { label: 'Light theme', icon: Sun },
  dark: { label: 'Dark theme', icon: Moon },
};

/**
 * The theme choice inside a dropdown menu (the account menu): System, Light or Dark, a radio
 * group whose choice is remembered in this browser.
 */
export function ThemeMenuGroup() {
  const preference = useThemePreference();
  return (
    <DropdownMenu.Group aria-label="Theme">
      <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-[11px] font-semibold tracking-wider text-faint uppercase">
        Theme
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
              <span className="flex-1">{label}</span>
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
