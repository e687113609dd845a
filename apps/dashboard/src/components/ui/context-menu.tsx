import { ContextMenu as RadixContextMenu } from 'radix-ui';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { MenuItemContent } from './menu-item-content.tsx';
import { MENU_ITEM, MENU_PANEL, MENU_SEPARATOR } from './menu-item-styles.ts';

// A right-click menu (Radix ContextMenu): opens at the pointer or with the context-menu key /
// Shift+F10, keeps inside the viewport, arrow keys move, Escape closes.

export const ContextMenuRoot = RadixContextMenu.Root;
export const ContextMenuTrigger = RadixContextMenu.Trigger;

export function ContextMenuContent({
  children,
  style,
  label,
}: {
  children: ReactNode;
  style?: CSSProperties;
  label: string;
}) {
  return (
    <RadixContextMenu.Portal>
      {/* Drawn at the end of the page, outside every landmark: a region of its own keeps it in
          one (axe: region), as the account menu does. It exists only while the menu is open. */}
      <div role="region" aria-label={label}>
        <RadixContextMenu.Content
          aria-label={label}
          collisionPadding={8}
          style={style}
          className={cn(MENU_PANEL, 'box-border p-[5px]')}
        >
          {children}
        </RadixContextMenu.Content>
      </div>
    </RadixContextMenu.Portal>
  );
}

export interface ContextMenuItemProps {
  children: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** A short reason shown at the right of a disabled entry ("No permission"). */
  hint?: string | undefined;
  icon?: ReactNode;
  className?: string;
}

export function ContextMenuItem({
  children,
  onSelect,
  disabled = false,
  hint,
  icon,
  className,
}: ContextMenuItemProps) {
  return (
    <RadixContextMenu.Item
      disabled={disabled}
      onSelect={onSelect}
      className={cn(MENU_ITEM, className)}
      {...(hint ? { 'aria-description': hint } : {})}
    >
      <MenuItemContent icon={icon} hint={hint}>
        {children}
      </MenuItemContent>
    </RadixContextMenu.Item>
  );
}

export function ContextMenuSeparator({ className }: { className?: string }) {
  return <RadixContextMenu.Separator className={cn(MENU_SEPARATOR, className)} />;
}
