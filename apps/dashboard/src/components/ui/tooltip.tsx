import { useState } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { Info } from 'lucide-react';

const CONTENT =
  'z-50 max-w-72 rounded-md border border-line bg-raised px-2.5 py-1.5 text-xs leading-relaxed text-fg shadow-lg';

/**
 * Radix's `Tooltip.Root` with its open state held here (use it instead of `Tooltip.Root`; lint
 * says so). Uncontrolled, Radix announces an opening ("close the other tooltips") from an effect;
 * under Preact that effect runs after the bubble's own listener is in place, so every tooltip
 * closed itself the moment it opened. Controlled, the announcement goes out when it opens.
 */
export function TooltipRoot({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <RadixTooltip.Root open={open} onOpenChange={setOpen}>
      {children}
    </RadixTooltip.Root>
  );
}

/**
 * A hover/focus tooltip. It brings its own provider, so it works inside and outside the main
 * layout (which has one too; the nearest provider wins).
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <TooltipRoot>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content side={side} sideOffset={6} className={CONTENT}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </TooltipRoot>
    </RadixTooltip.Provider>
  );
}

/** A small focusable info icon that explains a field. */
export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip content={children}>
      <button
        type="button"
        aria-label={label}
        className="inline-flex size-11 items-center justify-center rounded text-faint hover:text-fg wide:size-5"
      >
        <Info aria-hidden className="size-3.5" />
      </button>
    </Tooltip>
  );
}
