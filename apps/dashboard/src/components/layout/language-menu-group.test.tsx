import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@/lib/i18n/locales.ts';
import { resetLocalePreference, startI18n } from '@/lib/i18n/i18n.ts';
import { openAccountMenu } from '@/test/account-menu.tsx';
import { LanguageMenuGroup } from './language-menu-group.tsx';
import { ThemeMenuGroup } from './theme-menu-group.tsx';

const groups = (
  <>
    <ThemeMenuGroup />
    <LanguageMenuGroup />
  </>
);

describe('the language choice in the account menu (issue 29)', () => {
  it('offers System, English, Deutsch and 简体中文; a choice applies at once and is remembered', async () => {
    const user = await openAccountMenu(groups);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'System language' })).toBeChecked();
    for (const name of ['English', 'Deutsch', '简体中文'])
      expect(screen.getByRole('menuitemradio', { name })).not.toBeChecked();

    await user.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    // The menu stays open and is now in German, the theme group beside it too.
    expect(await screen.findByRole('group', { name: 'Sprache' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Helles Design' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toBeChecked();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');

    await user.click(screen.getByRole('menuitemradio', { name: '简体中文' }));
    expect(await screen.findByRole('group', { name: '语言' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');

    await user.click(screen.getByRole('menuitemradio', { name: '系统语言' }));
    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.lang).toBe('en');
  });

  it('System follows the browser’s languages; a remembered choice is used on the next visit', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN', 'en']);
    await startI18n();
    expect(document.documentElement.lang).toBe('zh-CN');

    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    resetLocalePreference();
    await startI18n();
    expect(document.documentElement.lang).toBe('de');
    await openAccountMenu(groups);
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toBeChecked();
  });
});
