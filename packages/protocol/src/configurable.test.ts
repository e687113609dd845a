import { describe, expect, it } from 'vitest';
import { ConfigurableValueTypeSchema, checkConfigurableValue } from './configurable.ts';
import type { ConfigurableValue } from './configurable.ts';

// core-api.md §2.13: the variant must match; String.regex must match if given; min/max inclusive;
// Enum value must be among the options.
const type = (t: unknown) => ConfigurableValueTypeSchema.parse(t);
const check = (t: unknown, value: ConfigurableValue) => checkConfigurableValue(type(t), value);

describe('checkConfigurableValue', () => {
  it('a variant mismatch is refused', () => {
    expect(check({ type: 'Integer' }, { type: 'UnsignedInteger', value: 1 })).toBe('Type mismatch');
    expect(check({ type: 'String' }, { type: 'Enum', value: 'a' })).toBe('Type mismatch');
    expect(check({ type: 'Boolean' }, { type: 'String', value: 'true' })).toBe('Type mismatch');
  });

  it('String without regex accepts anything', () => {
    expect(check({ type: 'String', regex: null }, { type: 'String', value: '' })).toBeNull();
  });

  it('String with regex must match', () => {
    const t = { type: 'String', regex: '^[a-z]+$' };
    expect(check(t, { type: 'String', value: 'world' })).toBeNull();
    expect(check(t, { type: 'String', value: 'World 1' })).toBe('Value does not match the pattern');
  });

  it('numeric bounds are inclusive', () => {
    const t = { type: 'UnsignedInteger', min: 1, max: 65535 };
    expect(check(t, { type: 'UnsignedInteger', value: 1 })).toBeNull();
    expect(check(t, { type: 'UnsignedInteger', value: 65535 })).toBeNull();
    expect(check(t, { type: 'UnsignedInteger', value: 0 })).toBe('Value is too small');
    expect(check(t, { type: 'UnsignedInteger', value: 65536 })).toBe('Value is too large');
  });

  it('Integer and Float honour min and max; null bounds are open', () => {
    expect(
      check({ type: 'Integer', min: -10, max: null }, { type: 'Integer', value: -10 }),
    ).toBeNull();
    expect(check({ type: 'Integer', min: -10, max: null }, { type: 'Integer', value: -11 })).toBe(
      'Value is too small',
    );
    expect(
      check({ type: 'Integer', min: null, max: null }, { type: 'Integer', value: -2147483648 }),
    ).toBeNull();
    expect(check({ type: 'Float', min: 0.5, max: 1.5 }, { type: 'Float', value: 1.5 })).toBeNull();
    expect(check({ type: 'Float', min: 0.5, max: 1.5 }, { type: 'Float', value: 1.5001 })).toBe(
      'Value is too large',
    );
    expect(check({ type: 'Float', min: 0.5, max: 1.5 }, { type: 'Float', value: 0.4999 })).toBe(
      'Value is too small',
    );
  });

  it('UnsignedInteger below zero is refused even without a min', () => {
    expect(
      check(
        { type: 'UnsignedInteger', min: null, max: null },
        { type: 'UnsignedInteger', value: -1 },
      ),
    ).toBe('Value is too small');
  });

  it('Enum value must be one of the options', () => {
    const t = { type: 'Enum', options: ['survival', 'creative', 'adventure', 'spectator'] };
    expect(check(t, { type: 'Enum', value: 'creative' })).toBeNull();
    expect(check(t, { type: 'Enum', value: 'hardcore' })).toBe('Value is not in enum');
    expect(check(t, { type: 'Enum', value: 'Creative' })).toBe('Value is not in enum');
  });

  it('Boolean accepts either value', () => {
    expect(check({ type: 'Boolean' }, { type: 'Boolean', value: false })).toBeNull();
    expect(check({ type: 'Boolean' }, { type: 'Boolean', value: true })).toBeNull();
  });
});
