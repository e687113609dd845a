import { describe, expect, it } from 'vitest';
import { validateCoreConfig } from './core-config-validation.ts';

describe('core customisation validation', () => {
  it('requires a core name of at most 32 characters', () => {
    expect(validateCoreConfig({ coreName: ' ', domain: '' })).toEqual({
      coreName: 'Core name is required',
    });
    expect(validateCoreConfig({ coreName: 'x'.repeat(32), domain: '' })).toEqual({});
    expect(validateCoreConfig({ coreName: 'x'.repeat(33), domain: '' })).toEqual({
      coreName: 'Name cannot be longer than 32 characters',
    });
  });

  it('accepts an empty domain and limits it to 253 characters', () => {
    expect(validateCoreConfig({ coreName: 'a', domain: 'd'.repeat(253) })).toEqual({});
    expect(validateCoreConfig({ coreName: 'a', domain: 'd'.repeat(254) })).toEqual({
      domain: 'Domain cannot be longer than 253 characters',
    });
  });

  it('counts characters as the core does: 20 emoji are a 20-character name', () => {
    expect(validateCoreConfig({ coreName: '🔥'.repeat(20), domain: '' })).toEqual({});
    expect(validateCoreConfig({ coreName: '🔥'.repeat(33), domain: '' })).toEqual({
      coreName: 'Name cannot be longer than 32 characters',
    });
  });

  it('refuses a domain with spaces or slashes, as the core does', () => {
    expect(validateCoreConfig({ coreName: 'a', domain: 'play.example.org/x' })).toEqual({
      domain: 'Domain cannot contain spaces or slashes',
    });
  });
});
