import { describe, expect, it } from 'vitest';
import {
  buildSetupValue,
  initialAutoValues,
  initialBasicValues,
  initialManifestValues,
  validateBasic,
  validateManifest,
  validateSetting,
} from './setup-form.ts';
import { minecraftLikeManifest, setting } from './setting-test-fixtures.ts';

describe('wizard validation (dashboard.md §5 setting-driven forms)', () => {
  it('the name is required and defaults to My Server', () => {
    expect(initialBasicValues().name).toBe('My Server');
    expect(validateBasic({ name: '   ', description: '' })).toEqual({ name: 'Name is required' });
    expect(validateBasic({ name: 'ok', description: '' })).toEqual({});
  });

  it('checks the rest with the core rule of the protocol (code points, no separators)', () => {
    expect(validateBasic({ name: '🎮'.repeat(100), description: '' })).toEqual({});
    expect(validateBasic({ name: '🎮'.repeat(101), description: '' })).toEqual({
      name: 'Instance name cannot be longer than 100 characters',
    });
    expect(validateBasic({ name: 'a/b', description: '' })).toEqual({
      name: 'Instance name cannot contain "/" or "\\"',
    });
  });

  it('a required string gives {item} is required', () => {
    const motd = setting('motd', { type: 'String', regex: null }, { name: 'Message of the Day' });
    expect(validateSetting(motd, ' ')).toBe('Message of the Day is required');
    expect(validateSetting({ ...motd, is_required: false }, '')).toBeNull();
    expect(validateSetting(motd, 'hello')).toBeNull();
  });

  it('integers must be integers; unsigned ones at least 0', () => {
    const count = setting('n', { type: 'Integer', min: null, max: null }, { name: 'Count' });
    expect(validateSetting(count, '1.5')).toBe('Count must be an integer');
    expect(validateSetting(count, 'abc')).toBe('Count must be an integer');
    expect(validateSetting(count, '-3')).toBeNull();
    const unsigned = setting(
      'u',
      { type: 'UnsignedInteger', min: null, max: null },
      { name: 'Players' },
    );
    expect(validateSetting(unsigned, '-1')).toBe('Players must be greater than or equal to 0');
    expect(validateSetting(unsigned, '4')).toBeNull();
  });

  it('numbers honour min and max (inclusive)', () => {
    const port = setting('port', { type: 'UnsignedInteger', min: 1, max: 65535 }, { name: 'Port' });
    expect(validateSetting(port, '0')).toBe('Port must be greater than or equal to 1');
    expect(validateSetting(port, '65536')).toBe('Port must be less than or equal to 65535');
    expect(validateSetting(port, '1')).toBeNull();
    expect(validateSetting(port, '65535')).toBeNull();
    const ratio = setting('r', { type: 'Float', min: 0.5, max: 2 }, { name: 'Ratio' });
    expect(validateSetting(ratio, 'x')).toBe('Ratio must be a number');
    expect(validateSetting(ratio, '0.25')).toBe('Ratio must be greater than or equal to 0.5');
    expect(validateSetting(ratio, '2.5')).toBe('Ratio must be less than or equal to 2');
    expect(validateSetting(ratio, '1.25')).toBeNull();
  });

  it('an enum must be one of its options; a required boolean must be set', () => {
    const mode = setting('mode', { type: 'Enum', options: ['a', 'b'] }, { name: 'Mode' });
    expect(validateSetting(mode, 'c')).toBe('Mode must be one of the options');
    expect(validateSetting(mode, 'b')).toBeNull();
    const flag = setting('flag', { type: 'Boolean' }, { name: 'Flag' });
    expect(validateSetting(flag, null)).toBe('Flag is required');
    expect(validateSetting(flag, false)).toBeNull();
    expect(validateSetting({ ...flag, is_required: false }, null)).toBeNull();
  });

  it('validates the whole manifest, keyed by section/setting', () => {
    const manifest = minecraftLikeManifest();
    const values = initialManifestValues(manifest);
    expect(values.section_1).toEqual({ version: '1.20.4', port: '25565' });
    expect(validateManifest(manifest, values)).toEqual({});
    values.section_1 = { ...values.section_1, port: '' };
    expect(validateManifest(manifest, values)).toEqual({ 'section_1/port': 'Port is required' });
  });

  it('builds the creation body with typed values, trimmed text and unset optionals', () => {
    const manifest = minecraftLikeManifest();
    const values = initialManifestValues(manifest);
    values.section_1 = { ...values.section_1, port: ' 25570 ' };
    const body = buildSetupValue(manifest, { name: ' Survival ', description: '' }, values, {
      ...initialAutoValues(),
      auto_start: true,
    });
    expect(body).toEqual({
      name: 'Survival',
      description: null,
      auto_start: true,
      restart_on_crash: false,
      setting_sections: {
        section_1: {
          settings: {
            version: { value: { type: 'Enum', value: '1.20.4' } },
            port: { value: { type: 'UnsignedInteger', value: 25570 } },
          },
        },
        section_2: { settings: { cmd_args: { value: null } } },
      },
    });
  });
});
