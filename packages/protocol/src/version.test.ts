import { describe, expect, it } from 'vitest';
import { HEARTH_VERSION } from './constants.ts';
import { checkVersionCompat, parseSemver, versionMismatchText } from './version.ts';

describe('checkVersionCompat (dashboard.md §9)', () => {
  it.each([
    ['0.5.1', '0.5.1', 'compatible'],
    ['0.5.0', '0.5.1', 'patch-differs'],
    ['0.5.2', '0.5.1', 'patch-differs'],
    ['0.4.3', '0.5.1', 'update-required'],
    ['0.4.4', '0.5.1', 'update-required'],
    ['1.5.1', '0.5.1', 'update-required'],
    ['0.6.1', '0.5.1', 'update-required'],
    ['garbage', '0.5.1', 'update-required'],
    ['', '0.5.1', 'update-required'],
    ['0.5', '0.5.1', 'update-required'],
    ['v0.5.1', '0.5.1', 'compatible'],
    ['0.5.1-beta.2', '0.5.1', 'compatible'],
  ] as const)('core %j vs dashboard %j → %s', (core, dashboard, expected) => {
    expect(checkVersionCompat(core, dashboard)).toBe(expected);
  });

  it('a 0.4.x core below 0.4.4 needs an update even against a 0.4 dashboard', () => {
    expect(checkVersionCompat('0.4.3', '0.4.3')).toBe('update-required');
    expect(checkVersionCompat('0.4.0', '0.4.5')).toBe('update-required');
    expect(checkVersionCompat('0.4.4', '0.4.5')).toBe('patch-differs');
  });

  it('our own version is compatible with itself', () => {
    expect(checkVersionCompat(HEARTH_VERSION, HEARTH_VERSION)).toBe('compatible');
  });

  it('parseSemver', () => {
    expect(parseSemver('10.20.30')).toEqual({ major: 10, minor: 20, patch: 30 });
    expect(parseSemver('x.y.z')).toBeNull();
  });

  it('the mismatch toast text', () => {
    expect(versionMismatchText('0.5.0', '0.5.1')).toBe(
      'Version mismatch! Is your core out of date? Core: 0.5.0, Dashboard: 0.5.1.',
    );
  });
});
