import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigurableManifestSchema, type ConfigurableValue } from '@hearth/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMinecraftConfig, writeMinecraftConfig, type MinecraftConfig } from './config.ts';
import { MinecraftError } from './errors.ts';
import { parseProperties } from './server-properties.ts';
import {
  applySetting,
  buildConfigurableManifest,
  readConfigurableManifest,
  validateSettingChange,
} from './settings-manifest.ts';

const CONFIG: MinecraftConfig = {
  name: 'Test',
  version: '1.20.4',
  flavour: { paper: { build_version: 496 } },
  description: '',
  cmd_args: ['-XX:+UseG1GC', '', '-Dx=1'],
  java_cmd: '/usr/bin/java',
  port: 25565,
  min_ram: 1024,
  max_ram: 2048,
  auto_start: false,
  restart_on_crash: false,
  backup_period: null,
  jre_major_version: 17,
  has_started: true,
};

const OWNER = { isOwner: true };

const PROPERTIES = [
  '#Minecraft server properties',
  'enable-command-block=false',
  'gamemode=survival',
  'difficulty=easy',
  'max-players=20',
  'server-port=25565',
  'rcon.password=hunter2',
  'motd=Hello = world',
  '',
  '# plugin settings below',
  'my-plugin.flag=on',
  'view-distance=-3',
  'pvp=TRUE',
  'query.port=99999',
].join('\n');

describe('buildConfigurableManifest', () => {
  it('types known keys as in §3.8 and keeps file order', () => {
    const manifest = buildConfigurableManifest(CONFIG, parseProperties(PROPERTIES));
    expect(ConfigurableManifestSchema.parse(manifest)).toEqual(manifest);
    expect(manifest.auto_start).toBe(false);
    expect(Object.keys(manifest.setting_sections)).toEqual([
      'cmd_args_section',
      'server_properties_section',
    ]);

    const cmd = manifest.setting_sections.cmd_args_section!;
    expect(cmd.name).toBe('Command Line Settings');
    expect(Object.keys(cmd.settings)).toEqual(['min_ram', 'max_ram', 'java_cmd', 'cmd_args']);
    expect(cmd.settings.min_ram).toMatchObject({
      value: { type: 'UnsignedInteger', value: 1024 },
      value_type: { type: 'UnsignedInteger', min: 0, max: null },
    });
    expect(cmd.settings.java_cmd?.value).toEqual({ type: 'String', value: '/usr/bin/java' });
    expect(cmd.settings.cmd_args?.value).toEqual({ type: 'String', value: '-XX:+UseG1GC -Dx=1' });

    const props = manifest.setting_sections.server_properties_section!;
    expect(props.name).toBe('Server Properties Settings');
    const s = props.settings;
    expect(Object.keys(s)).toEqual([
      'enable-command-block',
      'gamemode',
      'difficulty',
      'max-players',
      'server-port',
      'rcon.password',
      'motd',
      'my-plugin.flag',
      'view-distance',
      'pvp',
      'query.port',
    ]);
    expect(s['enable-command-block']).toMatchObject({
      value: { type: 'Boolean', value: false },
      value_type: { type: 'Boolean' },
    });
    expect(s.gamemode?.value_type).toEqual({
      type: 'Enum',
      options: ['survival', 'creative', 'adventure', 'spectator'],
    });
    expect(s.difficulty?.value).toEqual({ type: 'Enum', value: 'easy' });
    expect(s['max-players']).toMatchObject({
      value: { type: 'UnsignedInteger', value: 20 },
      value_type: { type: 'UnsignedInteger', min: null, max: null },
      name: 'Max Players',
    });
    expect(s['server-port']?.value_type).toEqual({ type: 'UnsignedInteger', min: 0, max: 65535 });
    expect(s['rcon.password']).toMatchObject({
      is_secret: true,
      value: { type: 'String', value: 'hunter2' },
    });
    expect(s.motd?.value).toEqual({ type: 'String', value: 'Hello = world' });
    expect(s['my-plugin.flag']).toMatchObject({
      name: 'My-plugin.flag',
      value: { type: 'String', value: 'on' },
      is_secret: false,
    });
    expect(s.pvp?.value).toEqual({ type: 'Boolean', value: true });
    // Known keys whose text does not fit stay visible as Strings instead of vanishing.
    expect(s['view-distance']).toMatchObject({
      value: { type: 'String', value: '-3' },
      value_type: { type: 'String' },
    });
    expect(s['query.port']?.value_type).toEqual({ type: 'String', regex: null });
  });
});

describe('validateSettingChange', () => {
  const manifest = buildConfigurableManifest(CONFIG, parseProperties(PROPERTIES));
  const check = (section: string, id: string, value: ConfigurableValue) => () =>
    validateSettingChange(manifest, section, id, value);
  const fails = (fn: () => unknown, kind: string, cause: string) => {
    let caught: unknown;
    try {
      fn();
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(MinecraftError);
    expect((caught as MinecraftError).kind).toBe(kind);
    expect((caught as MinecraftError).causes).toEqual([cause]);
  };

  it('answers the errors of core-api.md §1.4.9', () => {
    const P = 'server_properties_section';
    fails(
      check(P, 'server-port', { type: 'Integer', value: 25566 }),
      'BadRequest',
      'Type mismatch',
    );
    fails(
      check(P, 'server-port', { type: 'UnsignedInteger', value: 70000 }),
      'BadRequest',
      'Value is too large',
    );
    fails(
      check('cmd_args_section', 'min_ram', { type: 'UnsignedInteger', value: -1 }),
      'BadRequest',
      'Value is too small',
    );
    fails(
      check(P, 'gamemode', { type: 'Enum', value: 'peaceful' }),
      'BadRequest',
      'Value is not in enum',
    );
    fails(check(P, 'no-such-key', { type: 'String', value: 'x' }), 'NotFound', 'Setting not found');
    fails(
      check('no_section', 'motd', { type: 'String', value: 'x' }),
      'NotFound',
      'Setting not found',
    );
    fails(check(P, 'constructor', { type: 'String', value: 'x' }), 'NotFound', 'Setting not found');
    expect(check(P, 'gamemode', { type: 'Enum', value: 'creative' })()).toMatchObject({
      setting_id: 'gamemode',
    });
  });

  it('refuses settings that are not mutable', () => {
    const frozen = structuredClone(manifest);
    frozen.setting_sections.server_properties_section!.settings.motd!.is_mutable = false;
    let caught: unknown;
    try {
      validateSettingChange(frozen, 'server_properties_section', 'motd', {
        type: 'String',
        value: 'x',
      });
    } catch (err) {
      caught = err;
    }
    expect((caught as MinecraftError).causes).toEqual(['Setting is not mutable']);
  });
});

describe('applySetting', () => {
  let dir = '';
  let config: MinecraftConfig = CONFIG;
  const policy = { dataDir: '/nonexistent-data', pathJava: '/opt/java' };
  /** Applies a change to the current config, as the handler does with the stored record. */
  const set = async (section: string, id: string, value: ConfigurableValue) => {
    config = await applySetting(dir, config, section, id, value, policy, OWNER);
    return config;
  };
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-settings-'));
    config = CONFIG;
    await writeMinecraftConfig(dir, CONFIG);
    await writeFile(path.join(dir, 'server.properties'), PROPERTIES);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('persists a property change without losing anything else, and mirrors server-port', async () => {
    await set('server_properties_section', 'server-port', {
      type: 'UnsignedInteger',
      value: 25600,
    });
    expect(config.port).toBe(25600);
    expect((await readMinecraftConfig(dir)).port).toBe(25600);
    await set('server_properties_section', 'motd', {
      type: 'String',
      value: '§aNew = motd',
    });
    await set('server_properties_section', 'pvp', { type: 'Boolean', value: false });
    const text = await readFile(path.join(dir, 'server.properties'), 'utf8');
    expect(text).toBe(
      PROPERTIES.replace('server-port=25565', 'server-port=25600')
        .replace('motd=Hello = world', 'motd=\\u00A7aNew = motd')
        .replace('pvp=TRUE', 'pvp=false'),
    );
    const manifest = await readConfigurableManifest(dir, config, OWNER);
    expect(manifest.setting_sections.server_properties_section!.settings.motd!.value).toEqual({
      type: 'String',
      value: '§aNew = motd',
    });
  });

  it('updates the command-line settings in the config', async () => {
    await set('cmd_args_section', 'max_ram', {
      type: 'UnsignedInteger',
      value: 4096,
    });
    await set('cmd_args_section', 'cmd_args', {
      type: 'String',
      value: '-Da=1  -Db=2',
    });
    await set('cmd_args_section', 'java_cmd', {
      type: 'String',
      value: '/opt/java',
    });
    expect(config).toMatchObject({
      max_ram: 4096,
      cmd_args: ['-Da=1', '-Db=2'],
      java_cmd: '/opt/java',
    });
    expect(await readMinecraftConfig(dir)).toEqual(config);
    expect(await readFile(path.join(dir, 'server.properties'), 'utf8')).toBe(PROPERTIES);
  });

  it('rejects bad changes and leaves both files untouched', async () => {
    const before = await readFile(path.join(dir, '.lodestone_minecraft_config.json'), 'utf8');
    const attempts: [string, string, ConfigurableValue, string][] = [
      [
        'server_properties_section',
        'max-players',
        { type: 'String', value: '10' },
        'Type mismatch',
      ],
      [
        'cmd_args_section',
        'min_ram',
        { type: 'UnsignedInteger', value: 4096 },
        'Minimum RAM must not be greater than maximum RAM',
      ],
      [
        'cmd_args_section',
        'java_cmd',
        { type: 'String', value: '  ' },
        'Java command cannot be empty',
      ],
      ['cmd_args_section', 'nope', { type: 'String', value: '' }, 'Setting not found'],
      [
        'cmd_args_section',
        'cmd_args',
        { type: 'String', value: '-Xmx1G Evil.java' },
        '"Evil.java" is not a JVM flag (only options that start with "-" are allowed)',
      ],
      [
        'cmd_args_section',
        'java_cmd',
        { type: 'String', value: '/bin/sh' },
        '/bin/sh is not a Java executable (its name must be java)',
      ],
    ];
    for (const [section, id, value, cause] of attempts) {
      const err = await set(section, id, value).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MinecraftError);
      expect((err as MinecraftError).causes).toEqual([cause]);
    }
    expect(await readFile(path.join(dir, 'server.properties'), 'utf8')).toBe(PROPERTIES);
    expect(await readFile(path.join(dir, '.lodestone_minecraft_config.json'), 'utf8')).toBe(before);
  });

  it('lets only the owner change the Java command, and shows it read-only to others', async () => {
    const before = await readFile(path.join(dir, '.lodestone_minecraft_config.json'), 'utf8');
    const err = await applySetting(
      dir,
      config,
      'cmd_args_section',
      'java_cmd',
      { type: 'String', value: '/opt/java' },
      policy,
      { isOwner: false },
    ).catch((e: unknown) => e);
    expect((err as MinecraftError).kind).toBe('PermissionDenied');
    expect((err as MinecraftError).causes[0]).toBe('Only the owner can set the Java command');
    expect(await readFile(path.join(dir, '.lodestone_minecraft_config.json'), 'utf8')).toBe(before);
    const others = await readConfigurableManifest(dir, config, { isOwner: false });
    expect(others.setting_sections.cmd_args_section?.settings.java_cmd?.is_mutable).toBe(false);
    expect(others.setting_sections.cmd_args_section?.settings.max_ram?.is_mutable).toBe(true);
    const owner = await readConfigurableManifest(dir, config, OWNER);
    expect(owner.setting_sections.cmd_args_section?.settings.java_cmd?.is_mutable).toBe(true);
    // Everything else stays open to the setting permission.
    await applySetting(
      dir,
      config,
      'cmd_args_section',
      'max_ram',
      { type: 'UnsignedInteger', value: 4096 },
      policy,
      { isOwner: false },
    );
  });

  it('refuses a change while server.properties is a link out, and leaves its target alone', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'hearth-settings-out-'));
    try {
      const target = path.join(outside, 'target');
      await writeFile(target, 'motd=outside\n');
      await rm(path.join(dir, 'server.properties'));
      await symlink(target, path.join(dir, 'server.properties'));
      const err = await set('server_properties_section', 'motd', {
        type: 'String',
        value: 'x',
      }).catch((e: unknown) => e);
      expect((err as MinecraftError).causes[0]).toBe('server.properties is not a regular file');
      expect(await readFile(target, 'utf8')).toBe('motd=outside\n');
      const read = await readConfigurableManifest(dir, config, OWNER).catch((e: unknown) => e);
      expect((read as MinecraftError).kind).toBe('BadRequest');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('runs concurrent changes one after another without losing any', async () => {
    await Promise.all([
      applySetting(
        dir,
        config,
        'server_properties_section',
        'max-players',
        {
          type: 'UnsignedInteger',
          value: 7,
        },
        policy,
        OWNER,
      ),
      applySetting(
        dir,
        config,
        'server_properties_section',
        'difficulty',
        {
          type: 'Enum',
          value: 'hard',
        },
        policy,
        OWNER,
      ),
    ]);
    const text = await readFile(path.join(dir, 'server.properties'), 'utf8');
    expect(text).toContain('max-players=7');
    expect(text).toContain('difficulty=hard');
  });
});
