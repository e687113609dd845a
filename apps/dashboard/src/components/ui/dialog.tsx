import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
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
}

/** A modal dialog: traps focus, closes on Escape and on the overlay (Radix Dialog). */
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
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[1px]" />
        <Dialog.Content
          style={{ maxWidth: width }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-line bg-panel p-6 shadow-2xl shadow-black/50 focus:outline-none"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-fg">{title}</Dialog.Title>
            {closable ? (
              <Dialog.Close
                aria-label="Close"
                className="-mt-1 -mr-2 flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg"
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
