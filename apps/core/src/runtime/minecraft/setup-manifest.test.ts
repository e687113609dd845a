import { SetupManifestSchema, SetupValueSchema, type SetupValueInput } from '@hearth/protocol';
import { describe, expect, it } from 'vitest';
import { MinecraftError } from './errors.ts';
import { buildSetupManifest, readSetupValue } from './setup-manifest.ts';

const VERSIONS = ['1.21.1', '1.20.4'];

function setupValue(
  section1: Record<string, unknown>,
  section2: Record<string, unknown>,
): ReturnType<typeof SetupValueSchema.parse> {
  const wrap = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, { value: v }]));
  const input = {
    name: 'My Server',
    description: null,
    setting_sections: {
      section_1: { settings: wrap(section1) },
      section_2: { settings: wrap(section2) },
    },
  } as SetupValueInput;
  return SetupValueSchema.parse(input);
}

const GOOD_1 = {
  version: { type: 'Enum', value: '1.20.4' },
  port: { type: 'UnsignedInteger', value: 25570 },
};
const GOOD_2 = {
  min_ram: { type: 'UnsignedInteger', value: 512 },
  max_ram: { type: 'UnsignedInteger', value: 1024 },
  cmd_args: { type: 'String', value: ' -XX:+UseG1GC   -Dfoo=bar ' },
};

function badRequest(fn: () => unknown): MinecraftError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MinecraftError);
    expect((err as MinecraftError).kind).toBe('BadRequest');
    return err as MinecraftError;
  }
  throw new Error('expected a BadRequest');
}

describe('buildSetupManifest', () => {
  it('has the two sections of §3.3.1 with their types and defaults', () => {
    const manifest = buildSetupManifest('vanilla', VERSIONS);
    expect(SetupManifestSchema.parse(manifest)).toEqual(manifest);
    expect(Object.keys(manifest.setting_sections)).toEqual(['section_1', 'section_2']);
    const s1 = manifest.setting_sections.section_1!;
    expect(s1.name).toBe('Basic Settings');
    expect(Object.keys(s1.settings)).toEqual(['version', 'port']);
    expect(s1.settings.version).toMatchObject({
      value: { type: 'Enum', value: '1.21.1' },
      value_type: { type: 'Enum', options: VERSIONS },
      default_value: null,
      is_required: true,
      is_mutable: true,
      is_secret: false,
    });
    expect(s1.settings.port).toMatchObject({
      value: { type: 'UnsignedInteger', value: 25565 },
      value_type: { type: 'UnsignedInteger', min: 0, max: 65535 },
      default_value: { type: 'UnsignedInteger', value: 25565 },
    });
    const s2 = manifest.setting_sections.section_2!;
    expect(s2.name).toBe('Advanced Settings');
    expect(Object.keys(s2.settings)).toEqual(['min_ram', 'max_ram', 'cmd_args', 'java_cmd']);
    expect(s2.settings.min_ram?.default_value).toEqual({ type: 'UnsignedInteger', value: 1024 });
    expect(s2.settings.max_ram?.default_value).toEqual({ type: 'UnsignedInteger', value: 2048 });
    expect(s2.settings.cmd_args).toMatchObject({
      value: null,
      value_type: { type: 'String' },
      is_required: false,
    });
  });

  it('offers loader_version for Fabric, Paper and Forge', () => {
    for (const flavour of ['fabric', 'paper', 'forge'] as const) {
      const settings = buildSetupManifest(flavour, VERSIONS).setting_sections.section_2!.settings;
      expect(Object.keys(settings)).toEqual([
        'min_ram',
        'max_ram',
        'cmd_args',
        'loader_version',
        'java_cmd',
      ]);
      expect(settings.loader_version).toMatchObject({
        value: null,
        is_required: false,
        value_type: { type: 'String' },
      });
    }
    expect(
      buildSetupManifest('paper', VERSIONS).setting_sections.section_2!.settings.loader_version!
        .name,
    ).toBe('Paper Build');
  });
});

describe('readSetupValue', () => {
  it('reads a valid request', () => {
    const setup = readSetupValue(
      'paper',
      setupValue(GOOD_1, {
        ...GOOD_2,
        loader_version: { type: 'String', value: ' 495 ' },
        java_cmd: null,
      }),
      VERSIONS,
    );
    expect(setup).toEqual({
      flavour: 'paper',
      name: 'My Server',
      description: '',
      autoStart: false,
      restartOnCrash: false,
      version: '1.20.4',
      port: 25570,
      minRam: 512,
      maxRam: 1024,
      cmdArgs: ['-XX:+UseG1GC', '-Dfoo=bar'],
      loaderVersion: '495',
      javaCmd: null,
    });
  });

  it('accepts any version when no list is given, and empty optional settings', () => {
    const setup = readSetupValue(
      'vanilla',
      setupValue(
        { ...GOOD_1, version: { type: 'Enum', value: '9.9' } },
        { ...GOOD_2, cmd_args: null, java_cmd: { type: 'String', value: '' } },
      ),
    );
    expect(setup.version).toBe('9.9');
    expect(setup.cmdArgs).toEqual([]);
    expect(setup.javaCmd).toBeNull();
  });

  it('lists every missing or invalid setting in one 400', () => {
    const err = badRequest(() =>
      readSetupValue(
        'fabric',
        setupValue(
          { port: { type: 'Integer', value: 1 } },
          { min_ram: { type: 'UnsignedInteger', value: 1 } },
        ),
        VERSIONS,
      ),
    );
    expect(err.causes).toEqual([
      'Invalid setup',
      'version is missing; port: Type mismatch; max_ram is missing',
    ]);
    expect(err.toClientError()).toEqual({ kind: 'BadRequest', causes: err.causes });
  });

  it('rejects out-of-range values, unknown versions and min_ram above max_ram', () => {
    expect(
      badRequest(() =>
        readSetupValue(
          'vanilla',
          setupValue({ ...GOOD_1, port: { type: 'UnsignedInteger', value: 70000 } }, GOOD_2),
          VERSIONS,
        ),
      ).causes[1],
    ).toBe('port: Value is too large');
    expect(
      badRequest(() =>
        readSetupValue(
          'vanilla',
          setupValue({ ...GOOD_1, version: { type: 'Enum', value: '1.2.5' } }, GOOD_2),
          VERSIONS,
        ),
      ).causes[1],
    ).toBe('version: Value is not in enum');
    expect(
      badRequest(() =>
        readSetupValue(
          'vanilla',
          setupValue(GOOD_1, { ...GOOD_2, min_ram: { type: 'UnsignedInteger', value: 4096 } }),
          VERSIONS,
        ),
      ).causes[1],
    ).toBe('min_ram must not be greater than max_ram');
  });
});
