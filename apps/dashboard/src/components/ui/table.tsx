import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';

/**
 * The box a wide table scrolls sideways in. `relative` makes it the containing block of anything
 * absolutely positioned inside — a `sr-only` header above all — so that cannot widen the page
 * past the screen (a phone then scrolls the whole page sideways and zooms dialogs off-screen).
 */
export function TableFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('relative overflow-x-auto rounded-lg border border-line bg-panel', className)}
    >
      {children}
    </div>
  );
}

/** The header cell of a row-actions column: named for screen readers, empty on screen. */
export function ActionsHeader({ className }: { className?: string }) {
  return (
    <th className={className}>
      <span className="sr-only">
        <Trans>Actions</Trans>
      </span>
    </th>
  );
}
