import { DropdownMenu as RadixDropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { MenuItemContent } from './menu-item-content.tsx';
import { MENU_ITEM, MENU_PANEL, MENU_SEPARATOR } from './menu-item-styles.ts';

// A menu opened from a button (Radix DropdownMenu): Enter/Space/ArrowDown open it, arrow keys
// and typeahead move, Escape closes and returns focus to the button. Not modal: a modal menu hides
// the page from screen readers while its button stays focusable there (axe: aria-hidden-focus).

export interface DropdownMenuProps {
  /** The button; rendered as the trigger (`asChild`). */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  width?: number;
}

export function DropdownMenu({
  trigger,
  children,
  align = 'start',
  width = 208,
}: DropdownMenuProps) {
  return (
    <RadixDropdownMenu.Root modal={false}>
      <RadixDropdownMenu.Trigger asChild>{trigger}</RadixDropdownMenu.Trigger>
      <RadixDropdownMenu.Portal>
        <RadixDropdownMenu.Content
          align={align}
          sideOffset={4}
          collisionPadding={8}
          style={{ width }}
          className={cn(MENU_PANEL, 'p-1')}
        >
          {children}
        </RadixDropdownMenu.Content>
      </RadixDropdownMenu.Portal>
    </RadixDropdownMenu.Root>
  );
}

export interface DropdownMenuItemProps {
  children: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  hint?: string | undefined;
  icon?: ReactNode;
  danger?: boolean;
}

export function DropdownMenuItem({
  children,
  onSelect,
  disabled = false,
  hint,
  icon,
  danger = false,
}: DropdownMenuItemProps) {
  return (
    <RadixDropdownMenu.Item
      disabled={disabled}
      onSelect={onSelect}
      className={cn(MENU_ITEM, 'h-11 wide:h-8', danger && 'text-danger')}
      {...(hint ? { 'aria-description': hint } : {})}
    >
      <MenuItemContent icon={icon} hint={hint}>
        {children}
      </MenuItemContent>
    </RadixDropdownMenu.Item>
  );
}

export function DropdownMenuSeparator() {
  return <RadixDropdownMenu.Separator className={cn(MENU_SEPARATOR, 'my-1')} />;
}
