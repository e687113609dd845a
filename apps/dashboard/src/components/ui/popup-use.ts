// The events behind a lazy popup's first use (lazy-popup.tsx): which press is kept while the
// code loads, how it is played again on the real trigger, and when a press is over.

/**
 * How the popup opens: a `menu` on pointer down or Enter/Space/ArrowDown (Radix DropdownMenu), a
 * `dialog` (popover, drawer) on click, Enter or Space, a `tooltip` on hover or keyboard focus.
 */
export type PopupKind = 'menu' | 'dialog' | 'tooltip';

/** A use of the trigger, kept until the real one can receive it. */
export type Use =
  | { by: 'pointer'; pointerType: string }
  | { by: 'key'; key: string }
  | { by: 'click' }
  | { by: 'hover' }
  | { by: 'focus' };

/** The keys that open a popup from its focused trigger. */
export const OPEN_KEYS: Record<PopupKind, readonly string[]> = {
  menu: ['Enter', ' ', 'ArrowDown'],
  dialog: ['Enter', ' '],
  tooltip: [],
};

/** Plays a kept use on the real trigger, through the events a person would have sent. */
export function replay(kind: PopupKind, use: Use, trigger: HTMLElement): void {
  if (use.by === 'key' || use.by === 'focus') trigger.focus();
  if (use.by === 'focus') return;
  if (use.by === 'hover') {
    trigger.dispatchEvent(
      new window.PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }),
    );
  } else if (kind === 'dialog') {
    trigger.click();
  } else if (use.by === 'key') {
    trigger.dispatchEvent(
      new window.KeyboardEvent('keydown', { key: use.key, bubbles: true, cancelable: true }),
    );
  } else if (use.by === 'pointer') {
    trigger.dispatchEvent(
      new window.PointerEvent('pointerdown', {
        bubbles: true,
        cancelable: true,
        button: 0,
        pointerType: use.pointerType,
      }),
    );
  }
}

/**
 * Calls `done` once the press under way has ended, after the click it may end in. A mouse
 * press ends at pointerup (its click follows in the same task); a touch or pen may send its click
 * later or none (it moved away), and then the next press anywhere ends it.
 */
export function afterPress(pointerType: string, done: () => void): void {
  const events =
    pointerType === 'mouse'
      ? ['pointerup', 'pointercancel', 'click']
      : ['click', 'pointercancel', 'pointerdown'];
  const end = () => {
    for (const type of events) document.removeEventListener(type, end, true);
    setTimeout(done, 0);
  };
  for (const type of events) document.addEventListener(type, end, true);
}
