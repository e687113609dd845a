import { useSyncExternalStore } from 'react';

// The colour theme: "system" follows prefers-color-scheme (and its changes), "light" and "dark"
// override it. The choice is remembered per browser (localStorage); the theme in force is
// `data-theme` on <html>, which the tokens in styles/index.css key on. index.html applies the
// same rule before the first paint so the page never flashes the other theme.

export type ThemePreference = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'hearth.theme';
const LIGHT_QUERY = '(prefers-color-scheme: light)';
/** The browser's own colour (its address bar on phones), the bg token of each theme. */
const THEME_COLOUR: Record<Theme, string> = { dark: '#0c0e13', light: '#f5f6f8' };

function isPreference(value: unknown): value is ThemePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(preference: ThemePreference, systemLight: boolean): Theme {
  if (preference === 'system') return systemLight ? 'light' : 'dark';
  return preference;
}

function systemPrefersLight(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(LIGHT_QUERY).matches;
}

interface ThemeState {
  preference: ThemePreference;
  theme: Theme;
}

let state: ThemeState | null = null;
const listeners = new Set<() => void>();
let stopWatching: (() => void) | null = null;

function current(): ThemeState {
  if (!state) {
    const preference = readThemePreference();
    state = { preference, theme: resolveTheme(preference, systemPrefersLight()) };
  }
  return state;
}

function apply(next: ThemeState): void {
  state = next;
  const root = document.documentElement;
  root.dataset.theme = next.theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', THEME_COLOUR[next.theme]);
  for (const listener of listeners) listener();
}

function refresh(): void {
  const preference = current().preference;
  const theme = resolveTheme(preference, systemPrefersLight());
  if (theme !== current().theme || document.documentElement.dataset.theme !== theme)
    apply({ preference, theme });
}

/** Applies the theme now and follows the system's scheme while the preference is "system". */
function watch(): () => void {
  refresh();
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(LIGHT_QUERY);
  query.addEventListener('change', refresh);
  return () => query.removeEventListener('change', refresh);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stopWatching ??= watch();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopWatching?.();
      stopWatching = null;
    }
  };
}

/** Remembers the choice in this browser and applies it at once. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Private mode: the choice holds for this page only.
  }
  apply({ preference, theme: resolveTheme(preference, systemPrefersLight()) });
}

/** Starts following the system scheme for the page's lifetime (main.tsx). */
export function startThemeSync(): () => void {
  return subscribe(() => undefined);
}

/** Test seam: forget the cached state (the stored preference is read again). */
export function resetThemeState(): void {
  state = null;
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, () => current().preference);
}

/** The theme in force, for what cannot read CSS variables by itself (canvas charts, toasts). */
export function useResolvedTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current().theme);
}

/** A token's value in the theme in force, e.g. `cssToken('--color-muted')` → "#a0a8b7". */
export function cssToken(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
