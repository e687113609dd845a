import type { ReactNode } from 'react';
import { lazyPopup } from './lazy-popup.tsx';
import type { PopupTrigger } from './lazy-popup.tsx';

const Popup = lazyPopup('tooltip', async () => (await import('./tooltip-popup.tsx')).TooltipPopup);

/**
 * A hover/focus tooltip on one element (a button). The element is drawn at once; the tooltip's
 * code loads when it is first pointed at or focused.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  className,
}: {
  content: ReactNode;
  children: PopupTrigger;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** The bubble's classes, in place of the default look. */
  className?: string;
}) {
  return <Popup trigger={children} content={content} side={side} className={className} />;
}
