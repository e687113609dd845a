import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { MENU_ITEM } from '../ui/menu-item-styles.ts';

const GROUP_LABEL =
  'px-2.5 pt-1.5 pb-1 text-[11px] font-semibold tracking-wider text-faint uppercase';

/**
 * A choice in the account menu (Theme, Language): a radio group under its heading; `onChange`
 * remembers the choice.
 */
export function MenuChoiceGroup({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Group aria-label={label}>
      <DropdownMenu.Label className={GROUP_LABEL}>{label}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={value} onValueChange={onChange}>
        {children}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}

/** One option of a {@link MenuChoiceGroup}: its icon (or the room of one), its name, a check. */
export function MenuChoice({
  value,
  icon: Icon,
  lang,
  children,
}: {
  value: string;
  icon?: LucideIcon;
  /** The option's own language, when it is written in it. */
  lang?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.RadioItem
      value={value}
      // Picking keeps the menu open, so the change can be seen and undone.
      onSelect={(event) => event.preventDefault()}
      className={cn(MENU_ITEM, 'h-11 px-2.5 text-sm wide:h-9')}
    >
      {Icon ? (
        <Icon aria-hidden className="size-4 text-muted" />
      ) : (
        <span aria-hidden className="size-4" />
      )}
      <span lang={lang} className="flex-1">
        {children}
      </span>
      <DropdownMenu.ItemIndicator>
        <Check aria-hidden className="size-4 text-accent" />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}
