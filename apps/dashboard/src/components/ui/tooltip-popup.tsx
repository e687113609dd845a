import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import type { PopupTriggerProps } from './lazy-popup.tsx';

const CONTENT =
  'z-50 max-w-72 rounded-md border border-line bg-raised px-2.5 py-1.5 text-xs leading-relaxed text-fg shadow-lg';

export interface TooltipPopupProps extends PopupTriggerProps {
  content: ReactNode;
  side: 'top' | 'right' | 'bottom' | 'left';
  /** The bubble's classes, in place of the default look. */
  className?: string | undefined;
}

/**
 * The Radix part of a tooltip (tooltip.tsx), loaded when its element is first pointed at or
 * focused. It brings its own provider, so it works inside and outside the main layout.
 */
export function TooltipPopup({ trigger, content, side, className = CONTENT }: TooltipPopupProps) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{trigger}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content side={side} sideOffset={6} className={className}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
