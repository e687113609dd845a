// Counters of dashboard.md §2 Files (footer, paste button) and §8 (clipboard toast).

function items(n: number, what: string): string | null {
  if (n <= 0) return null;
  return n === 1 ? `1 item ${what}` : `${n} items ${what}`;
}

/** `1 item selected` / `N items selected`, nothing for 0. */
export function selectionText(n: number): string | null {
  return items(n, 'selected');
}

/** `1 item in clipboard` / `N items in clipboard`, nothing for 0. */
export function clipboardText(n: number): string | null {
  return items(n, 'in clipboard');
}

export function pasteLabel(n: number): string {
  return `Paste ${n} file(s)`;
}

export function cutToast(n: number): string {
  return `${n} file(s) cut to clipboard`;
}

export function copyToast(n: number): string {
  return `${n} file(s) copied to clipboard`;
}
