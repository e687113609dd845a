import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeJava,
  startUpstreamFixture,
  tinyServerJar,
  type UpstreamFixture,
} from '../../../test-support/upstream-fixture/index.ts';
import { readMinecraftConfig, type MinecraftConfig } from './config.ts';
import { CoreError } from '../../errors.ts';
import { Sandbox } from '../sandbox/index.ts';
import type { MinecraftError } from './errors.ts';
import type { Flavour } from './flavours.ts';
import {
  changeMinecraftVersion,
  INSTALL_PROGRESS_TOTAL,
  installMinecraft,
  type InstallOptions,
} from './installer.ts';
import { jreJavaPath } from './java.ts';
import { buildLaunchCommand, forgeArgsFile } from './launch.ts';
import { parseMinecraftLine } from './output-parser.ts';
import type { MinecraftSetup } from './setup-manifest.ts';
import { SANDBOX_UID_BASE } from '../sandbox/index.ts';

let fixture: UpstreamFixture;
let root = '';
let dataDir = '';
let java17 = '';
let jar: Buffer;
let counter = 0;

beforeAll(async () => {
  jar = await tinyServerJar();
  fixture = await startUpstreamFixture({ serverJar: jar });
  root = await mkdtemp(path.join(os.tmpdir(), 'hearth-install-'));
  dataDir = path.join(root, 'data');
  java17 = await fakeJava(root, '17.0.9');
}, 60_000);

afterAll(async () => {
  await fixture.close();
  await rm(root, { recursive: true, force: true });
});

function setup(
  flavour: Flavour,
  version: string,
  extra: Partial<MinecraftSetup> = {},
): MinecraftSetup {
  return {
    flavour,
    name: `${flavour} ${version}`,
    description: 'test',
    autoStart: false,
    restartOnCrash: false,
    version,
    port: 25570,
    minRam: 64,
    maxRam: 128,
    cmdArgs: ['-Dhearth.test=1'],
    loaderVersion: null,
    javaCmd: null,
    ...extra,
  };
}

interface Installed {
  config: MinecraftConfig;
  dir: string;
  progress: [number, string][];
}

/** Installs `s` into a fresh instance folder from the fixture, with no sandbox. */
function startInstall(s: MinecraftSetup, more: Partial<InstallOptions> = {}) {
  const dir = path.join(root, 'instances', `i${++counter}`);
  const done = installMinecraft({
    setup: s,
    instanceDir: dir,
    dataDir,
    upstreams: fixture.upstreams,
    pathJava: java17,
    sandbox: null,
    onProgress: () => undefined,
    ...more,
  });
  return { dir, done };
}

async function install(s: MinecraftSetup): Promise<Installed> {
  const progress: [number, string][] = [];
  const { dir, done } = startInstall(s, { onProgress: (inc, msg) => progress.push([inc, msg]) });
  return { config: await done, dir, progress };
}

/** Changes the version of the instance in `dir` (its config as stored, unless given), with no sandbox. */
async function changeVersion(
  dir: string,
  newVersion: string,
  config?: MinecraftConfig,
): Promise<MinecraftConfig> {
  return changeMinecraftVersion({
    instanceDir: dir,
    config: config ?? (await readMinecraftConfig(dir)),
    dataDir,
    upstreams: fixture.upstreams,
    newVersion,
    pathJava: java17,
    sandbox: null,
  });
}

async function installFails(s: MinecraftSetup): Promise<{ err: MinecraftError; dir: string }> {
  const { dir, done } = startInstall(s);
  const err = await done.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CoreError);
  return { err: err as MinecraftError, dir };
}

const sum = (progress: [number, string][]) => progress.reduce((a, [inc]) => a + inc, 0);
const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

/** Starts the server with its launch command, waits for "Done", sends stop and returns the output. */
async function launchAndStop(
  config: MinecraftConfig,
  dir: string,
): Promise<{ lines: string[]; code: number | null }> {
  const cmd = await buildLaunchCommand(config, dir);
  const child = spawn(cmd.command, cmd.args, { cwd: cmd.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString('utf8');
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (parseMinecraftLine(line).started) child.stdin.write('stop\n');
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { lines, code };
}

describe('installMinecraft', { timeout: 60_000 }, () => {
  it('vanilla: verified jar, Java from the PATH, files and progress', async () => {
    const { config, dir, progress } = await install(setup('vanilla', '1.20.4'));
    expect(config).toEqual({
      name: 'vanilla 1.20.4',
      version: '1.20.4',
      flavour: 'vanilla',
      description: 'test',
      cmd_args: ['-Dhearth.test=1'],
      java_cmd: java17,
      port: 25570,
      min_ram: 64,
      max_ram: 128,
      auto_start: false,
      restart_on_crash: false,
      backup_period: null,
      jre_major_version: 17,
      has_started: false,
    });
    expect(await readMinecraftConfig(dir)).toEqual(config);
    expect(sha1(await readFile(path.join(dir, 'server.jar')))).toBe(sha1(jar));
    expect(await readFile(path.join(dir, 'eula.txt'), 'utf8')).toBe(
      '#generated by Hearth\neula=true\n',
    );
    expect(await readFile(path.join(dir, 'server.properties'), 'utf8')).toBe('server-port=25570\n');
    expect((await readdir(dir)).sort()).toEqual(
      ['.lodestone_minecraft_config.json', 'eula.txt', 'server.jar', 'server.properties'].sort(),
    );
    expect(progress[0]).toEqual([1, '1/4: Creating directories']);
    expect(progress).toContainEqual([4, `2/4: Using Java from the PATH (${java17})`]);
    expect(progress.some(([, m]) => m.startsWith('3/4: Downloading server.jar'))).toBe(true);
    expect(progress[progress.length - 1]).toEqual([1, '4/4: Finishing up']);
    expect(sum(progress)).toBeCloseTo(INSTALL_PROGRESS_TOTAL - 1, 9);

    // The launch command really starts it, in the instance folder, with the RAM and JVM arguments.
    const { lines, code } = await launchAndStop(config, dir);
    expect(code).toBe(0);
    expect(lines.some((l) => l.includes(`Working directory: ${dir}`))).toBe(true);
    expect(lines.some((l) => l.endsWith('Arguments: nogui'))).toBe(true);
    expect(lines.some((l) => l.includes('Stopping server'))).toBe(true);
  });

  it('downloads the Adoptium JRE when the PATH Java is too old, then reuses it', async () => {
    const first = await install(setup('vanilla', '1.21.1'));
    expect(first.config.java_cmd).toBe(jreJavaPath(dataDir, 21));
    expect(first.config.jre_major_version).toBe(21);
    expect(first.progress.some(([, m]) => m.startsWith('2/4: Downloading JRE 21'))).toBe(true);
    expect(sum(first.progress)).toBeCloseTo(9, 9);
    const second = await install(setup('vanilla', '1.21.1'));
    expect(second.progress).toContainEqual([4, '2/4: JRE already downloaded']);
    expect(second.config.java_cmd).toBe(jreJavaPath(dataDir, 21));
  });

  it('a corrupted jar fails the checksum and leaves no jar or temp file', async () => {
    fixture.faults.corruptJars = true;
    try {
      for (const s of [setup('vanilla', '1.20.4'), setup('paper', '1.20.4')]) {
        const { err, dir } = await installFails(s);
        expect(err.kind).toBe('External');
        expect(err.causes[0]).toMatch(/^Checksum mismatch for server\.jar/);
        expect(err.causes[1]).toMatch(
          s.flavour === 'paper' ? /^expected sha256 / : /^expected sha1 /,
        );
        expect(await readdir(dir)).toEqual([]);
      }
    } finally {
      fixture.faults.corruptJars = false;
    }
  });

  it('fabric: newest stable loader by numeric order, or the pinned one', async () => {
    const latest = await install(setup('fabric', '1.20.4'));
    expect(latest.config.flavour).toEqual({
      fabric: { loader_version: '0.15.11', installer_version: '1.0.1' },
    });
    expect(fixture.requests).toContain(
      '/fabric/v2/versions/loader/1.20.4/0.15.11/1.0.1/server/jar',
    );
    const pinned = await install(setup('fabric', '1.20.4', { loaderVersion: '0.14.25' }));
    expect(pinned.config.flavour).toEqual({
      fabric: { loader_version: '0.14.25', installer_version: '1.0.1' },
    });
    const { err, dir } = await installFails(setup('fabric', '1.20.4', { loaderVersion: '9.9.9' }));
    expect(err.kind).toBe('BadRequest');
    expect(err.message).toBe('Fabric loader 9.9.9 is not available for Minecraft 1.20.4');
    expect(await readdir(dir)).toEqual([]);
  });

  it('paper: highest default-channel build, or the pinned one', async () => {
    const latest = await install(setup('paper', '1.20.4'));
    expect(latest.config.flavour).toEqual({ paper: { build_version: 496 } });
    const pinned = await install(setup('paper', '1.20.4', { loaderVersion: '497' }));
    expect(pinned.config.flavour).toEqual({ paper: { build_version: 497 } });
    expect(fixture.requests).toContain(
      '/paper/v2/projects/paper/versions/1.20.4/builds/497/downloads/paper-1.20.4-497.jar',
    );
    const noStable = await installFails(setup('paper', '1.21.1'));
    expect(noStable.err.causes).toEqual([
      'Paper has no stable build for Minecraft 1.21.1',
      'pin an experimental build in Paper Build',
    ]);
    expect((await installFails(setup('paper', '1.16.5'))).err.message).toBe(
      'Paper does not support Minecraft 1.16.5',
    );
  });

  it('forge ≥ 1.17: runs the installer and launches through unix_args.txt', async () => {
    const { config, dir, progress } = await install(setup('forge', '1.20.1'));
    expect(config.flavour).toEqual({ forge: { build_version: '1.20.1-47.3.0' } });
    expect((await stat(forgeArgsFile(dir, '1.20.1-47.3.0', 'linux'))).isFile()).toBe(true);
    expect((await stat(path.join(dir, 'user_jvm_args.txt'))).isFile()).toBe(true);
    expect(progress).toContainEqual([1, '3/4: Installing Forge Server']);
    expect(sum(progress)).toBeCloseTo(INSTALL_PROGRESS_TOTAL, 9);
    const cmd = await buildLaunchCommand(config, dir);
    expect(cmd.args).toEqual([
      '-Xmx128M',
      '-Xms64M',
      '-Dhearth.test=1',
      `@${dir}/libraries/net/minecraftforge/forge/1.20.1-47.3.0/unix_args.txt`,
      'nogui',
    ]);
    const { lines, code } = await launchAndStop(config, dir);
    expect(code).toBe(0);
    expect(lines.some((l) => parseMinecraftLine(l).started)).toBe(true);
  });

  it('forge: a pinned build, a pre-1.17 layout, and an installer failure', async () => {
    const pinned = await install(setup('forge', '1.20.1', { loaderVersion: '47.2.0' }));
    expect(pinned.config.flavour).toEqual({ forge: { build_version: '1.20.1-47.2.0' } });
    expect(fixture.requests).toContain(
      '/forge-maven/net/minecraftforge/forge/1.20.1-47.2.0/forge-1.20.1-47.2.0-installer.jar',
    );

    const old = await install(setup('forge', '1.16.5'));
    expect(old.config.jre_major_version).toBe(8);
    expect(old.config.java_cmd).toBe(jreJavaPath(dataDir, 8));
    expect((await buildLaunchCommand(old.config, old.dir)).args.slice(-3)).toEqual([
      '-jar',
      path.join(old.dir, 'forge-1.16.5-36.2.39.jar'),
      'nogui',
    ]);

    fixture.faults.forgeInstallerFails = true;
    try {
      const { err } = await installFails(setup('forge', '1.20.1'));
      expect(err.causes[0]).toBe('The Forge installer failed (exit code 1)');
      expect(err.causes[1]).toContain('There was an error during installation');
    } finally {
      fixture.faults.forgeInstallerFails = false;
    }
  });

  it('refuses unknown versions, versions without a server and a Java command that does not run', async () => {
    expect((await installFails(setup('vanilla', '0.0.1'))).err.message).toBe(
      "Minecraft version 0.0.1 is not in Mojang's version manifest",
    );
    expect((await installFails(setup('vanilla', 'b1.7.3'))).err.message).toBe(
      'Minecraft b1.7.3 has no server download',
    );
    expect((await installFails(setup('forge', '1.20.4'))).err.message).toBe(
      'Forge does not support Minecraft 1.20.4',
    );
    const badJava = await installFails(
      setup('vanilla', '1.20.4', { javaCmd: path.join(root, 'no-java') }),
    );
    expect(badJava.err.kind).toBe('BadRequest');
  });

  it('stops when the caller aborts', async () => {
    const { dir, done } = startInstall(setup('vanilla', '1.20.4'), {
      signal: AbortSignal.abort(),
    });
    const err = await done.catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(await readdir(dir)).toEqual([]);
  });

  it('changeMinecraftVersion swaps the jar for Vanilla/Paper and refuses Forge', async () => {
    const paper = await install(setup('paper', '1.20.4'));
    const changed = await changeVersion(paper.dir, '1.20.1');
    expect(changed).toMatchObject({
      version: '1.20.1',
      flavour: { paper: { build_version: 196 } },
      java_cmd: java17,
    });
    expect(await readMinecraftConfig(paper.dir)).toEqual(changed);

    const forge = await install(setup('forge', '1.20.1'));
    const err = await changeVersion(forge.dir, '1.21.1').catch((e: unknown) => e);
    expect((err as MinecraftError).kind).toBe('UnsupportedOperation');
    expect((err as MinecraftError).message).toBe(
      'Changing versions is unsupported for forge servers',
    );
  });
});

const hasBwrap = await promisify(execFile)('bwrap', ['--version']).then(
  () => true,
  () => false,
);

describe('changeMinecraftVersion and a stored Java command', { timeout: 60_000 }, () => {
  it('checks it against the policy again and never runs one it refuses', async () => {
    const vanilla = await install(setup('vanilla', '1.20.4'));
    const marker = path.join(root, 'planted-java-ran');
    await writeFile(
      path.join(vanilla.dir, 'java'),
      `#!/bin/sh\ntouch ${marker}\necho 'openjdk version "17.0.9"' >&2\n`,
      { mode: 0o755 },
    );
    const sleeper = spawn('sleep', ['600'], { cwd: vanilla.dir, stdio: 'ignore' });
    try {
      const err = await changeVersion(vanilla.dir, '1.20.1', {
        ...vanilla.config,
        // As stored before the Java command became owner-only.
        java_cmd: `/proc/${sleeper.pid}/cwd/java`,
      }).catch((e: unknown) => e);
      expect((err as MinecraftError).kind).toBe('BadRequest');
      expect((err as MinecraftError).causes[0]).toBe('The Java command cannot be under /proc');
      await expect(stat(marker)).rejects.toThrow();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});

describe.skipIf(!hasBwrap)('installMinecraft in the sandbox', { timeout: 60_000 }, () => {
  let sbRoot = '';
  let sandbox: Sandbox;
  let java = '';
  beforeAll(async () => {
    // Readable by the sandbox's unprivileged user (the Java home is mounted read-only for it).
    sbRoot = await mkdtemp(path.join(os.tmpdir(), 'hearth-install-sandbox-'));
    await chmod(sbRoot, 0o755);
    await mkdir(path.join(sbRoot, 'jdk', 'bin'), { recursive: true });
    java = path.join(sbRoot, 'jdk', 'bin', 'java');
    // Records who ran its -version in the folder it ran in, then passes for Java 17.
    await writeFile(
      java,
      '#!/bin/sh\n' +
        'if [ "$1" = "-version" ]; then id -u > probe-uid; ' +
        `echo 'openjdk version "17.0.9" 2024-01-16' >&2; exit 0; fi\n` +
        'exec java "$@"\n',
      { mode: 0o755 },
    );
    sandbox = await Sandbox.create('required', {
      hidden: [path.join(sbRoot, 'data')],
      uids: {
        uidOf: (owner) => Promise.resolve(SANDBOX_UID_BASE + (owner === 'install-test' ? 42 : 1)),
      },
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await rm(sbRoot, { recursive: true, force: true });
  });

  it('runs the Java probe and the Forge installer as the sandbox user, never in the core', async () => {
    const dir = path.join(sbRoot, 'instances', 'forge');
    const config = await installMinecraft({
      setup: setup('forge', '1.20.1'),
      instanceDir: dir,
      dataDir: path.join(sbRoot, 'data'),
      upstreams: fixture.upstreams,
      pathJava: java,
      sandbox: { sandbox, request: { instanceDir: dir, instanceId: 'install-test' } },
      onProgress: () => undefined,
    });
    expect(config.java_cmd).toBe(java);
    // The instance's own uid (a root core), never a uid another instance or the host has.
    const expectedUid = process.getuid?.() === 0 ? SANDBOX_UID_BASE + 42 : process.getuid?.();
    expect((await readFile(path.join(dir, 'probe-uid'), 'utf8')).trim()).toBe(String(expectedUid));
    const args = await stat(forgeArgsFile(dir, '1.20.1-47.3.0', 'linux'));
    expect(args.uid).toBe(expectedUid);
  });
});
