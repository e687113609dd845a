import { CONSOLE_SCROLL_THRESHOLD_PX } from '@hearth/protocol';

/** dashboard.md §2/§9: new lines scroll the list only when it is within 10 px of the bottom. */
export function isNearBottom(
  el: Pick<HTMLElement, 'scrollTop' | 'scrollHeight' | 'clientHeight'>,
  threshold: number = CONSOLE_SCROLL_THRESHOLD_PX,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}
