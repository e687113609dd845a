import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  THEME_STORAGE_KEY,
  readThemePreference,
  resetThemeState,
  resolveTheme,
  setThemePreference,
  useResolvedTheme,
  useThemePreference,
} from './theme.ts';
import { LIGHT_SCHEME, installMediaQueries } from '@/test/media-queries.ts';

const applied = () => document.documentElement.dataset.theme;

let scheme: ReturnType<typeof installMediaQueries>;
beforeEach(() => {
  resetThemeState();
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  scheme?.restore();
  resetThemeState();
});

describe('the theme preference', () => {
  it('resolves system to the colour scheme, and the overrides to themselves', () => {
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('dark', true)).toBe('dark');
  });

  it('follows the system scheme, and its changes, while the preference is system', () => {
    scheme = installMediaQueries({ [LIGHT_SCHEME]: true });
    const { result, unmount } = renderHook(() => useResolvedTheme());
    expect(result.current).toBe('light');
    expect(applied()).toBe('light');
    act(() => scheme.set(LIGHT_SCHEME, false));
    expect(result.current).toBe('dark');
    expect(applied()).toBe('dark');
    unmount();
    // Nobody listens any more: the media query is let go.
    expect(scheme.listenerCount()).toBe(0);
  });

  it('an override wins over the system and is remembered in this browser', () => {
    scheme = installMediaQueries({ [LIGHT_SCHEME]: true });
    const { result } = renderHook(() => ({
      theme: useResolvedTheme(),
      preference: useThemePreference(),
    }));
    act(() => setThemePreference('dark'));
    expect(result.current).toEqual({ theme: 'dark', preference: 'dark' });
    expect(applied()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    act(() => scheme.set(LIGHT_SCHEME, true));
    expect(result.current.theme).toBe('dark');

    resetThemeState();
    expect(readThemePreference()).toBe('dark');

    act(() => setThemePreference('system'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(result.current).toEqual({ theme: 'light', preference: 'system' });
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemePreference()).toBe('system');
  });
});
