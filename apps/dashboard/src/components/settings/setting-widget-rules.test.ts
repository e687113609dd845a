import { describe, expect, it } from 'vitest';
import { validateWidgetText, widgetValue, textTooLong } from './setting-widget-rules.ts';
import { widgetKind } from './setting-values.ts';
import { setting } from '@/test/fixtures.ts';
import { activateLocale } from '@/lib/i18n/i18n.ts';

describe('setting widgets (dashboard.md §5)', () => {
  it('picks text, password, number, toggle and dropdown widgets', () => {
    expect(widgetKind(setting('a', { type: 'String', regex: null }))).toBe('text');
    expect(widgetKind(setting('a', { type: 'String', regex: null }, { is_secret: true }))).toBe(
      'password',
    );
    expect(widgetKind(setting('a', { type: 'Integer', min: null, max: null }))).toBe('number');
    expect(widgetKind(setting('a', { type: 'Float', min: null, max: null }))).toBe('number');
    expect(widgetKind(setting('a', { type: 'Boolean' }))).toBe('toggle');
    expect(widgetKind(setting('a', { type: 'Enum', options: ['x'] }))).toBe('dropdown');
  });

  it('text is trimmed; a required one cannot be empty; at most 1024 characters', () => {
    const text = setting('motd', { type: 'String', regex: null });
    expect(validateWidgetText(text, '   ')).toBe('Cannot be empty');
    expect(validateWidgetText({ ...text, is_required: false }, '   ')).toBeNull();
    expect(widgetValue(text, '  hi  ')).toEqual({ type: 'String', value: 'hi' });
    expect(validateWidgetText(text, 'x'.repeat(1024))).toBeNull();
    expect(validateWidgetText(text, 'x'.repeat(1025))).toBe(textTooLong());
  });

  it('a secret keeps its spaces', () => {
    const secret = setting('rcon', { type: 'String', regex: null }, { is_secret: true });
    expect(widgetValue(secret, ' pw ')).toEqual({ type: 'String', value: ' pw ' });
  });

  it('integers: Not an integer, Must be a number, bounds', () => {
    const n = setting('n', { type: 'Integer', min: 1, max: 10 });
    expect(validateWidgetText(n, '')).toBe('Cannot be empty');
    expect(validateWidgetText(n, '2.5')).toBe('Not an integer');
    expect(validateWidgetText(n, 'ten')).toBe('Must be a number');
    expect(validateWidgetText(n, '0')).toBe('Must be greater than 1');
    expect(validateWidgetText(n, '11')).toBe('Must be less than 10');
    expect(validateWidgetText(n, ' 7 ')).toBeNull();
    expect(widgetValue(n, ' 7 ')).toEqual({ type: 'Integer', value: 7 });
  });

  it('unsigned integers cannot go below 0 nor beyond u32', () => {
    const u = setting('u', { type: 'UnsignedInteger', min: null, max: null });
    expect(validateWidgetText(u, '-1')).toBe('Must be greater than 0');
    expect(validateWidgetText(u, '4294967296')).toBe('Must be less than 4294967295');
  });

  it('speaks the active language (issue 29)', async () => {
    await activateLocale('de');
    const n = setting('n', { type: 'Integer', min: 1, max: 10 });
    expect(validateWidgetText(n, '')).toBe('Darf nicht leer sein');
    expect(validateWidgetText(n, '0')).toBe('Muss größer als 1 sein');
    await activateLocale('zh-CN');
    expect(validateWidgetText(n, '11')).toBe('必须小于 10');
  });

  it('floats: Not a valid float, Must be a number', () => {
    const f = setting('f', { type: 'Float', min: null, max: 100 });
    expect(validateWidgetText(f, '0x10')).toBe('Not a valid float');
    expect(validateWidgetText(f, '1e999')).toBe('Not a valid float');
    expect(validateWidgetText(f, 'abc')).toBe('Must be a number');
    expect(validateWidgetText(f, '100.5')).toBe('Must be less than 100');
    expect(widgetValue(f, '2.5')).toEqual({ type: 'Float', value: 2.5 });
  });
});
