// Where focus goes back to when a dialog closes. A dialog is often opened from a menu entry, and
// the entry is gone (the menu closed) before the dialog even shows; so the page remembers the
// last element focused outside any menu — the menu's button, or the row a context menu was opened
// on — and that stands in for the entry.

const MENU = '[role="menu"], [role="menubar"]';
let lastOutsideMenu: HTMLElement | null = null;
let tracking = false;

function track(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest(MENU)) lastOutsideMenu = target;
    },
    true,
  );
}
track();

/** What to give focus back to, judged when the dialog opens (focus still on the opener). */
export function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body || active.closest(MENU))
    return lastOutsideMenu;
  return active;
}

/** Focuses the opener if it is still on the page; says whether it did. */
export function focusOpener(opener: HTMLElement | null): boolean {
  if (!opener?.isConnected) return false;
  opener.focus();
  return document.activeElement === opener;
}
