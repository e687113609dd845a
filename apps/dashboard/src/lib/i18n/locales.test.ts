import { describe, expect, it } from 'vitest';
import { intlLocale, resolveLocale, systemLocale } from './locales.ts';

describe('choosing the language', () => {
  it('System takes the first of the browser languages the dashboard speaks, else English', () => {
    expect(systemLocale(['de-AT', 'en-US'])).toBe('de');
    expect(systemLocale(['fr-FR', 'zh-Hans-CN', 'de'])).toBe('zh-CN');
    expect(systemLocale(['zh-TW'])).toBe('zh-CN');
    expect(systemLocale(['en-GB', 'de'])).toBe('en');
    expect(systemLocale(['fr', 'es'])).toBe('en');
    expect(systemLocale([])).toBe('en');
  });

  it('a picked language wins over the browser', () => {
    expect(resolveLocale('zh-CN', ['de'])).toBe('zh-CN');
    expect(resolveLocale('system', ['de'])).toBe('de');
  });

  it('formats English as the spec writes it (American), the pseudo-locale too', () => {
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('pseudo')).toBe('en-US');
    expect(intlLocale('de')).toBe('de');
  });
});
