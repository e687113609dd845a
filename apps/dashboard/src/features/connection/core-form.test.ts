import { describe, expect, it } from 'vitest';
import {
  coreFromForm,
  defaultCoreFormValues,
  normalizeAddress,
  validateCoreForm,
} from './core-form.ts';

describe('add-core form', () => {
  it('defaults to v1, http and port 16662', () => {
    expect(defaultCoreFormValues()).toEqual({
      apiVersion: 'v1',
      protocol: 'http',
      port: '16662',
      address: '',
    });
  });

  it('marks every empty field Required', () => {
    expect(validateCoreForm({ apiVersion: '', protocol: '', port: '', address: ' ' })).toEqual({
      apiVersion: 'Required',
      protocol: 'Required',
      port: 'Required',
      address: 'Required',
    });
  });

  it('rejects ports that are not 1-65535', () => {
    for (const port of ['0', '65536', 'abc', '1.5', '-1']) {
      expect(validateCoreForm({ ...defaultCoreFormValues(), address: 'a', port }).port, port).toBe(
        'Port must be between 1 and 65535',
      );
    }
  });

  it('wraps a bare IPv6 address in brackets and leaves the rest alone', () => {
    expect(normalizeAddress('::1')).toBe('[::1]');
    expect(normalizeAddress(' fe80::1 ')).toBe('[fe80::1]');
    expect(normalizeAddress('[::1]')).toBe('[::1]');
    expect(normalizeAddress('192.168.1.2')).toBe('192.168.1.2');
    expect(normalizeAddress('example.com')).toBe('example.com');
  });

  it('builds the connection from valid values', () => {
    expect(
      coreFromForm({ apiVersion: 'v1', protocol: 'https', port: ' 443 ', address: '2001:db8::5' }),
    ).toEqual({
      address: '[2001:db8::5]',
      port: 443,
      protocol: 'https',
      apiVersion: 'v1',
    });
    expect(coreFromForm({ ...defaultCoreFormValues() })).toBeNull();
  });
});
