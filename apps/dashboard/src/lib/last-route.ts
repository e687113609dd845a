// The last route outside the settings area, so the settings button and the settings back
// button can return to it (dashboard.md §2). Kept for the tab's lifetime.

const KEY = 'lastRoute';

export function isSettingsPath(pathname: string): boolean {
  return pathname === '/settings' || pathname.startsWith('/settings/');
}

export function rememberRoute(pathname: string, search: string): void {
  if (isSettingsPath(pathname)) return;
  try {
    sessionStorage.setItem(KEY, `${pathname}${search}`);
  } catch {
    // Storage can be unavailable (private mode); the fallback is '/'.
  }
}

export function getLastRoute(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '/';
  } catch {
    return '/';
  }
}
