import { plural, t } from '@lingui/core/macro';

// Counters of dashboard.md §2 Files (footer, paste button) and §8 (clipboard toast), in the
// active language (called when the text is needed).

/** `1 item selected` / `N items selected`, nothing for 0. */
export function selectionText(n: number): string | null {
  if (n <= 0) return null;
  return plural(n, { one: '# item selected', other: '# items selected' });
}

/** `1 item in clipboard` / `N items in clipboard`, nothing for 0. */
export function clipboardText(n: number): string | null {
  if (n <= 0) return null;
  return plural(n, { one: '# item in clipboard', other: '# items in clipboard' });
}

export function pasteLabel(n: number): string {
  return t`Paste ${n} file(s)`;
}

export function cutToast(n: number): string {
  return t`${n} file(s) cut to clipboard`;
}

export function copyToast(n: number): string {
  return t`${n} file(s) copied to clipboard`;
}
