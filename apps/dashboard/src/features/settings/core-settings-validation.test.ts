import { describe, expect, it } from 'vitest';
import { checkOpenPort, validateCoreName, validateDomain } from './core-settings-validation.ts';

describe('core settings validation (dashboard.md §5)', () => {
  it('core name: not empty, at most 32 characters', () => {
    expect(validateCoreName('')).toBe('Name cannot be empty');
    expect(validateCoreName('   ')).toBe('Name cannot be empty');
    expect(validateCoreName('x'.repeat(32))).toBeNull();
    expect(validateCoreName('x'.repeat(33))).toBe('Name cannot be longer than 32 characters');
  });

  it('core name: counts characters (code points) as the core does, so 20 emoji are accepted', () => {
    expect(validateCoreName('🎮'.repeat(20))).toBeNull();
    expect(validateCoreName('🎮'.repeat(32))).toBeNull();
    expect(validateCoreName('🎮'.repeat(33))).toBe('Name cannot be longer than 32 characters');
  });

  it('domain: may be empty, at most 253 characters', () => {
    expect(validateDomain('')).toBeNull();
    expect(validateDomain('d'.repeat(253))).toBeNull();
    expect(validateDomain('d'.repeat(254))).toBe('Domain cannot be longer than 253 characters');
    expect(validateDomain('my domain')).toBe('Domain cannot contain spaces or slashes');
    expect(validateDomain('a\\b')).toBe('Domain cannot contain spaces or slashes');
  });

  it('open port: required, a number, 1 to 65535', () => {
    expect(checkOpenPort('')).toEqual({ ok: false, message: 'Port is required' });
    expect(checkOpenPort('abc')).toEqual({ ok: false, message: 'Port must be a number' });
    expect(checkOpenPort('25565.5')).toEqual({ ok: false, message: 'Port must be a number' });
    expect(checkOpenPort('-1')).toEqual({ ok: false, message: 'Port must be a number' });
    expect(checkOpenPort('0')).toEqual({ ok: false, message: 'Port must be between 1 and 65535' });
    expect(checkOpenPort('65536')).toEqual({
      ok: false,
      message: 'Port must be between 1 and 65535',
    });
    expect(checkOpenPort('1')).toEqual({ ok: true, port: 1 });
    expect(checkOpenPort(' 25565 ')).toEqual({ ok: true, port: 25565 });
    expect(checkOpenPort('65535')).toEqual({ ok: true, port: 65535 });
  });
});
