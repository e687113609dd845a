import { existsSync, readdirSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildLaunchCommand } from '../src/runtime/minecraft/launch.ts';
import { checkIdentity } from '../src/runtime/sandbox/index.ts';
import { compileFakeServerJar } from '../test-support/fake-minecraft/compile.ts';
import { compileHostile } from '../test-support/hostile/compile.ts';
import {
  freePort,
  hostResponds,
  eachHostileWorld,
  leftoverLeaves,
  sandboxDescribe,
  startHostile,
  type HostileWorld,
} from '../test-support/hostile/fixture.ts';

const describeSandboxed = await sandboxDescribe();
/** A small JVM: fewer threads and less memory, so limits bite on the hostile part, not the JVM. */
const JVM = ['-Xss512k', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:off'];

describeSandboxed('a hostile Java server in the sandbox', () => {
  let world: HostileWorld;
  let buildDir: string;
  let classes: string;
  beforeAll(async () => {
    // Compiled once per file into a folder the unprivileged sandbox user can read.
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-hostile-java-'));
    await chmod(buildDir, 0o755);
    classes = await compileHostile(buildDir);
  });
  afterAll(async () => {
    await rm(buildDir, { recursive: true, force: true });
  });
  eachHostileWorld((w) => (world = w));

  const java = (jvm: string[], ...args: string[]) => ({
    command: 'java',
    args: [...JVM, ...jvm, '-cp', classes, 'Hostile', ...args],
    cwd: world.instanceDir,
  });
  const runtime = () => ({ runtimeReadOnly: [classes] });

  it('cannot read the core data, reach another instance, write outside its folder or kill the core', async () => {
    const t = world.targets;
    const { proc, log } = await startHostile(
      world,
      java(
        [],
        'attacks',
        t.dbFile,
        t.secretsFile,
        t.dataDir,
        t.instancesDir,
        t.siblingDir,
        String(t.victimPid),
        ...t.outside,
      ),
      { ...runtime(), limits: { maxProcesses: 128, memoryBytes: 512 * 1024 * 1024 } },
    );
    await log.waitFor('done', proc.exited);
    expect(await proc.exited).toEqual({ code: 0, signal: null });

    expect(log.one('read-db').ok).toBe(false);
    expect(log.one('read-db').error).toContain('NoSuchFileException');
    expect(log.one('read-secrets').error).toContain('NoSuchFileException');
    expect(log.one('list-data-dir')).toMatchObject({ ok: true, value: 'instances' });
    expect(log.one('list-instances')).toMatchObject({ ok: true, value: 'attacker' });
    expect(log.one('list-sibling').ok).toBe(false);
    expect(log.one('write-sibling').ok).toBe(false);
    expect(log.one('read-shadow').ok).toBe(false);
    expect(log.one('see-victim').ok).toBe(false);
    expect(log.one('kill-victim').ok).toBe(false);
    expect(log.one('own-write').ok).toBe(true);
    expect(log.one('own-read')).toMatchObject({ ok: true, value: 'mine' });
    const outside = log.all('write-outside');
    expect(outside.map((r) => r.file)).toEqual(t.outside);
    for (const result of outside.slice(1)) expect(result.ok).toBe(false);

    expect(checkIdentity(world.victim)).toBe('same');
    for (const file of t.outside) expect(existsSync(file)).toBe(false);
    expect(readdirSync(world.siblingDir)).toEqual(['world.dat']);
  });

  it('serves on 127.0.0.1 and stops on the console command', async () => {
    const port = await freePort();
    const { proc, log } = await startHostile(world, java([], 'serve', String(port)), runtime());
    expect(await log.waitFor('listen', proc.exited)).toMatchObject({ ok: true, port });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('ping\n'));
      socket.setEncoding('utf8');
      socket.on('data', (data: string) => {
        socket.destroy();
        resolve(data.trim());
      });
      socket.on('error', reject);
    });
    expect(answer).toBe('echo:ping');
    expect(proc.writeLine('stop')).toBe(true);
    expect(await log.waitFor('stopping', proc.exited)).toMatchObject({ how: 'command' });
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  });

  it('runs a Minecraft launch plan unchanged (absolute server.jar path, console, stop)', async () => {
    await copyFile(
      await compileFakeServerJar(buildDir),
      path.join(world.instanceDir, 'server.jar'),
    );
    const port = await freePort();
    await writeFile(path.join(world.instanceDir, 'server.properties'), `server-port=${port}\n`);
    const command = await buildLaunchCommand(
      {
        name: 'mc',
        version: '1.20.4',
        flavour: 'vanilla',
        description: '',
        cmd_args: [],
        java_cmd: 'java',
        port,
        min_ram: 64,
        max_ram: 256,
        auto_start: false,
        restart_on_crash: false,
        backup_period: null,
        jre_major_version: null,
        has_started: false,
      },
      world.instanceDir,
    );
    const { proc, log } = await startHostile(world, command, { instanceId: 'minecraft' });
    expect(command.args).toContain(path.join(world.instanceDir, 'server.jar'));
    await log.waitForLine('Done (', proc.exited);
    expect(proc.writeLine('stop')).toBe(true);
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(log.other.join('')).toContain(`Starting Minecraft server on *:${port}`);
  });

  it('a fork bomb stops at the process limit and the host keeps responding', async () => {
    const support = world.sandbox.report.limits;
    const { proc, log } = await startHostile(world, java([], 'fork-bomb', '400'), {
      ...runtime(),
      limits: { maxProcesses: 96 },
      instanceId: 'java-bomb',
    });
    const bomb = await log.waitFor('fork-bomb', proc.exited);
    if (support.pids) {
      expect(bomb.ok).toBe(false);
      expect(Number(bomb.started)).toBeLessThan(96);
      expect(proc.sandbox!.usage()!.processes).toBeLessThanOrEqual(96);
      expect(proc.sandbox!.usage()!.forkRefusals).toBeGreaterThan(0);
    } else {
      expect(proc.sandbox?.notEnforced).toContain(
        'The process limit is not enforced on this host.',
      );
    }
    expect(await hostResponds()).toBe(true);
    proc.killTree();
    await proc.exited;
    expect(await leftoverLeaves(world, 'java-bomb')).toEqual([]);
  });

  it('allocating past the memory limit gets the JVM killed, and the kill is reported', async () => {
    const support = world.sandbox.report.limits;
    const { proc, log } = await startHostile(
      world,
      // The heap may grow far beyond the sandbox's limit: the cgroup, not the JVM, has to stop it.
      java(['-Xmx2g'], 'memory', support.memory ? '1536' : '64'),
      { ...runtime(), limits: { memoryBytes: 192 * 1024 * 1024 }, instanceId: 'java-hog' },
    );
    const exit = await proc.exited;
    if (support.memory) {
      expect(log.all('memory-done')).toEqual([]);
      expect(exit).toEqual({ code: 137, signal: null });
      expect(proc.sandbox!.usage()!.oomKills).toBeGreaterThan(0);
    } else {
      expect(proc.sandbox?.notEnforced).toContain('The memory limit is not enforced on this host.');
    }
    expect(await leftoverLeaves(world, 'java-hog')).toEqual([]);
  });
});
