import { describe, expect, it } from 'vitest';
import { compactCount, mayChange } from './addon-rights.ts';

describe('mayChange', () => {
  it('lets file write change datapacks, and jars only with the protected-file right too', () => {
    const write = { read: true, write: true, writeJar: false };
    expect(mayChange(write, 'datapack')).toBe(true);
    expect(mayChange(write, 'mod')).toBe(false);
    expect(mayChange(write, 'plugin')).toBe(false);
    expect(mayChange({ ...write, writeJar: true }, 'mod')).toBe(true);
    expect(mayChange({ read: true, write: false, writeJar: true }, 'plugin')).toBe(false);
  });
});

describe('compactCount', () => {
  it('shortens large download counts', () => {
    expect(compactCount(950)).toBe('950');
    expect(compactCount(12_345)).toBe('12.3K');
  });
});
