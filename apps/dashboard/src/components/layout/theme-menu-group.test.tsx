import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, resetThemeState } from '@/lib/theme.ts';
import { openAccountMenu } from '@/test/account-menu.tsx';
import { LIGHT_SCHEME, installMediaQueries } from '@/test/media-queries.ts';
import { ThemeMenuGroup } from './theme-menu-group.tsx';

let scheme: ReturnType<typeof installMediaQueries>;
beforeEach(() => {
  resetThemeState();
  scheme = installMediaQueries({ [LIGHT_SCHEME]: false });
});
afterEach(() => {
  scheme.restore();
  resetThemeState();
});

describe('the theme switch in the account menu', () => {
  it('offers System, Light and Dark as radio items; a choice applies, stays open, is remembered', async () => {
    const user = await openAccountMenu(<ThemeMenuGroup />);
    expect(screen.getByRole('group', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'System theme' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');

    await user.click(screen.getByRole('menuitemradio', { name: 'Light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(screen.getByRole('menuitemradio', { name: 'Light theme' })).toBeChecked();
    expect(screen.getByRole('menuitemradio', { name: 'System theme' })).not.toBeChecked();

    // By keyboard: the arrow keys reach Dark, Enter picks it.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'Dark theme' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('back on System, the page follows the colour scheme again', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const user = await openAccountMenu(<ThemeMenuGroup />);
    expect(screen.getByRole('menuitemradio', { name: 'Dark theme' })).toBeChecked();
    await user.click(screen.getByRole('menuitemradio', { name: 'System theme' }));
    scheme.set(LIGHT_SCHEME, true);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
