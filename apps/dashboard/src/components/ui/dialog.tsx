import { useLayoutEffect, useRef } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { focusOpener, openerOf } from './focus-return.ts';

/** What every dialog its caller opens and closes takes. */
export interface DialogOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface ModalProps extends DialogOpenProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned at the bottom. */
  actions?: ReactNode;
  width?: number;
  /** A Close (×) button in the corner, for dialogs without a Cancel action. */
  closable?: boolean;
  /**
   * `row`: right-aligned on one line (default). `stack`: full width, one per line, the last (the
   * primary action) on top — for long labels that would otherwise wrap unevenly.
   */
  actionsLayout?: 'row' | 'stack';
  /**
   * Where focus goes when it opens; by default the first focusable element. Call
   * `event.preventDefault()` to place it yourself.
   */
  onOpenAutoFocus?: (event: Event) => void;
  /**
   * Its action is running: Escape and a click on the overlay leave it open (the caller's Cancel
   * waits too), so an answer never arrives to a dialog that is gone.
   */
  busy?: boolean;
}

/**
 * A modal dialog: traps focus, closes on Escape and on the overlay (Radix Dialog), and gives focus
 * back to what opened it — the button, or for an entry of a menu that has closed, the menu's
 * button — even when it was opened from state rather than from a trigger.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  width = 440,
  closable = false,
  actionsLayout = 'row',
  onOpenAutoFocus,
  busy = false,
}: ModalProps) {
  const { t } = useLingui();
  const opener = useRef<HTMLElement | null>(null);
  // Runs before Radix moves focus into the dialog (layout effects precede its passive effects).
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement);
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || !busy) && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[1px]" />
        <Dialog.Content
          style={{ maxWidth: width }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-line bg-panel p-5 shadow-2xl shadow-black/50 wide:p-6"
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(onOpenAutoFocus ? { onOpenAutoFocus } : {})}
          onCloseAutoFocus={(event) => {
            if (focusOpener(opener.current)) event.preventDefault();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-fg">{title}</Dialog.Title>
            {closable ? (
              <Dialog.Close
                aria-label={t`Close`}
                className="-mt-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg wide:-mt-1 wide:size-8"
              >
                <X aria-hidden className="size-4" />
              </Dialog.Close>
            ) : null}
          </div>
          {description ? (
            <Dialog.Description className="text-sm leading-relaxed text-muted">
              {description}
            </Dialog.Description>
          ) : null}
          {children}
          {actions ? (
            <div
              className={
                actionsLayout === 'stack'
                  ? 'mt-2 flex flex-col-reverse gap-2 [&>*]:w-full'
                  : 'mt-2 flex flex-wrap justify-end gap-2'
              }
            >
              {actions}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
