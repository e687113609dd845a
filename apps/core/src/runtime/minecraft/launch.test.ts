import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MinecraftConfig } from './config.ts';
import { MinecraftError } from './errors.ts';
import { buildLaunchCommand, forgeArgsFile, minecraftMinor } from './launch.ts';

const BASE: MinecraftConfig = {
  name: 'x',
  version: '1.20.4',
  flavour: 'vanilla',
  description: '',
  cmd_args: [''],
  java_cmd: '/opt/jre17/bin/java',
  port: 25565,
  min_ram: 1024,
  max_ram: 2048,
  auto_start: false,
  restart_on_crash: false,
  backup_period: null,
  jre_major_version: 17,
  has_started: false,
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-launch-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('buildLaunchCommand', () => {
  it('vanilla/fabric/paper/spigot: -jar server.jar, empty cmd_args skipped', async () => {
    for (const flavour of [
      'vanilla',
      'spigot',
      { paper: { build_version: 1 } },
    ] as MinecraftConfig['flavour'][]) {
      expect(await buildLaunchCommand({ ...BASE, flavour }, dir)).toEqual({
        command: '/opt/jre17/bin/java',
        args: ['-Xmx2048M', '-Xms1024M', '-jar', path.join(dir, 'server.jar'), 'nogui'],
        cwd: dir,
      });
    }
    const withArgs = await buildLaunchCommand(
      { ...BASE, cmd_args: ['-XX:+UseG1GC', '', '-Da=b'] },
      dir,
    );
    expect(withArgs.args).toEqual([
      '-Xmx2048M',
      '-Xms1024M',
      '-XX:+UseG1GC',
      '-Da=b',
      '-jar',
      path.join(dir, 'server.jar'),
      'nogui',
    ]);
  });

  it('forge picks its launch target by Minecraft minor version', async () => {
    const build = '1.20.1-47.3.0';
    const modern = { ...BASE, version: '1.20.1', flavour: { forge: { build_version: build } } };
    const missing = await buildLaunchCommand(modern, dir).catch((e: unknown) => e);
    expect((missing as MinecraftError).causes[0]).toBe(`Forge ${build} is not installed`);
    await mkdir(path.dirname(forgeArgsFile(dir, build, 'linux')), { recursive: true });
    await writeFile(forgeArgsFile(dir, build, 'linux'), '-jar x.jar\n');
    expect((await buildLaunchCommand(modern, dir, 'linux')).args).toEqual([
      '-Xmx2048M',
      '-Xms1024M',
      `@${dir}/libraries/net/minecraftforge/forge/${build}/unix_args.txt`,
      'nogui',
    ]);
    expect(forgeArgsFile(dir, build, 'win32').endsWith('win_args.txt')).toBe(true);

    await writeFile(path.join(dir, 'forge-1.12.2-14.23.5.2860-installer.jar'), '');
    await writeFile(path.join(dir, 'forge-1.12.2-14.23.5.2860.jar'), '');
    const legacy = {
      ...BASE,
      version: '1.12.2',
      flavour: { forge: { build_version: '1.12.2-14.23.5.2860' } },
    };
    expect((await buildLaunchCommand(legacy, dir)).args.slice(2)).toEqual([
      '-jar',
      path.join(dir, 'forge-1.12.2-14.23.5.2860.jar'),
      'nogui',
    ]);
    await writeFile(path.join(dir, 'minecraftforge-universal-1.6.4-9.11.1.1345.jar'), '');
    const ancient = {
      ...BASE,
      version: '1.6.4',
      flavour: { forge: { build_version: '1.6.4-9.11.1.1345' } },
    };
    expect((await buildLaunchCommand(ancient, dir)).args[3]).toBe(
      path.join(dir, 'minecraftforge-universal-1.6.4-9.11.1.1345.jar'),
    );
  });

  it('only counts regular files of the folder as Forge launch files (never a link)', async () => {
    const linked = await mkdtemp(path.join(os.tmpdir(), 'hearth-launch-links-'));
    try {
      const build = '1.20.1-47.3.0';
      const modern = { ...BASE, version: '1.20.1', flavour: { forge: { build_version: build } } };
      const outside = path.join(linked, 'outside.txt');
      await writeFile(outside, '-jar /elsewhere.jar\n');
      const instance = path.join(linked, 'instance');
      await mkdir(path.dirname(forgeArgsFile(instance, build, 'linux')), { recursive: true });
      await symlink(outside, forgeArgsFile(instance, build, 'linux'));
      const refused = await buildLaunchCommand(modern, instance, 'linux').catch((e: unknown) => e);
      expect((refused as MinecraftError).causes[0]).toBe(`Forge ${build} is not installed`);

      const legacy = {
        ...BASE,
        version: '1.12.2',
        flavour: { forge: { build_version: '1.12.2-14.23.5.2860' } },
      };
      await symlink(outside, path.join(instance, 'forge-1.12.2-14.23.5.2860.jar'));
      const noJar = await buildLaunchCommand(legacy, instance).catch((e: unknown) => e);
      expect((noJar as MinecraftError).causes).toEqual([
        'Forge 1.12.2-14.23.5.2860 is not installed',
        'no Forge server jar found',
      ]);
    } finally {
      await rm(linked, { recursive: true, force: true });
    }
  });

  it('needs a Java command', async () => {
    const err = await buildLaunchCommand({ ...BASE, java_cmd: null }, dir).catch((e: unknown) => e);
    expect((err as MinecraftError).kind).toBe('BadRequest');
  });
});

describe('minecraftMinor', () => {
  it('reads 1.<minor> ids only', () => {
    expect(minecraftMinor('1.20.1')).toBe(20);
    expect(minecraftMinor('1.8')).toBe(8);
    expect(minecraftMinor('1.17-pre1')).toBe(17);
    expect(minecraftMinor('24w33a')).toBeNull();
    expect(minecraftMinor('b1.7.3')).toBeNull();
  });
});
