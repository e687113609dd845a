import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PopupTriggerProps } from './lazy-popup.tsx';

export interface DrawerProps extends PopupTriggerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Its accessible name (and the heading at its top). */
  title: string;
  children: ReactNode;
}

/**
 * A panel sliding in from the left on narrow screens (Radix Dialog): it traps focus, closes on
 * Escape, on the overlay and with its Close button, and gives focus back to its trigger. Loaded
 * when its trigger is first used (drawer.tsx).
 */
export function DrawerPopup({ open, onOpenChange, title, trigger, children }: DrawerProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col border-r border-line bg-panel shadow-2xl shadow-black/50"
        >
          <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-line px-3">
            <Dialog.Title className="px-1 text-sm font-semibold text-fg">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t`Close menu`}
              className="flex size-11 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
