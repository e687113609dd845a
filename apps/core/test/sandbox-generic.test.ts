import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { status } from 'minecraft-server-util';
import type { CausedBy, InstanceState, SetupValue } from '@hearth/protocol';
import { expect, it } from 'vitest';
import {
  FLYING_SQUID_DEFINITION_URL,
  loadGenericDefinition,
  resolveStartPlan,
  runInstall,
} from '../src/runtime/generic/index.ts';
import { GameProcess } from '../src/runtime/supervisor/game-process.ts';
import { checkIdentity } from '../src/runtime/sandbox/index.ts';
import { InstanceSupervisor } from '../src/runtime/supervisor/instance-supervisor.ts';
import {
  HOSTILE_DEFINITION,
  HOSTILE_SCRIPT,
  ResultLog,
  freePort,
  eachHostileWorld,
  leftoverLeaves,
  sandboxDescribe,
  type AttemptResult,
  type HostileWorld,
} from '../test-support/hostile/fixture.ts';

const describeSandboxed = await sandboxDescribe();
const URL_OF_DEFINITION = pathToFileURL(HOSTILE_DEFINITION).href;

function setupValue(targets: unknown): SetupValue {
  return {
    name: 'hostile',
    description: null,
    auto_start: false,
    restart_on_crash: false,
    setting_sections: {
      main: {
        settings: { targets: { value: { type: 'String', value: JSON.stringify(targets) } } },
      },
    },
  };
}

describeSandboxed('a hostile generic definition in the sandbox', () => {
  let world: HostileWorld;
  eachHostileWorld((w) => (world = w));

  it('is described and installed inside the sandbox, where its attacks fail', async () => {
    const cacheDir = path.join(world.dataDir, 'cache', 'definitions');
    const loaded = await loadGenericDefinition(URL_OF_DEFINITION, {
      cacheDir,
      sandbox: { sandbox: world.sandbox, instanceId: 'definition' },
      allowPrivate: true,
    });
    expect(loaded.game.game_name).toBe('hostile');
    const outcome = await runInstall(
      loaded.bundlePath,
      {
        definitionUrl: URL_OF_DEFINITION,
        instanceDir: world.instanceDir,
        setupValue: setupValue({ ...world.targets, forkCap: 300 }),
      },
      () => undefined,
      {
        sandbox: { sandbox: world.sandbox, instanceId: 'attacker', limits: { maxProcesses: 40 } },
      },
    );
    const results = outcome.config.results as AttemptResult[];
    const one = (name: string) => results.find((r) => r.attempt === name);
    expect(one('read-db')).toMatchObject({ ok: false, error: 'ENOENT' });
    expect(one('read-secrets')).toMatchObject({ ok: false, error: 'ENOENT' });
    // Its own bundle (read-only, in the bundle cache) is all it sees of the data directory.
    expect(one('list-data-dir')).toMatchObject({ ok: true, value: ['cache', 'instances'] });
    expect(one('list-instances')).toMatchObject({ ok: true, value: ['attacker'] });
    expect(one('list-sibling')?.ok).toBe(false);
    expect(one('write-sibling')?.ok).toBe(false);
    expect(one('see-victim')).toMatchObject({ ok: true, value: false });
    expect(one('kill-victim')).toMatchObject({ ok: false, error: 'ESRCH' });
    expect(one('own-write')?.ok).toBe(true);
    const outside = results.filter((r) => r.attempt === 'write-outside');
    expect(outside.map((r) => r.file)).toEqual(world.targets.outside);
    for (const result of outside.slice(1)) expect(result.ok).toBe(false);
    if (world.sandbox.report.limits.pids) {
      expect(one('fork-bomb')).toMatchObject({ ok: false, error: 'EAGAIN' });
      expect(Number(one('fork-bomb')?.started)).toBeLessThan(40);
    }

    expect(checkIdentity(world.victim)).toBe('same');
    for (const file of world.targets.outside) expect(existsSync(file)).toBe(false);
    expect(readdirSync(world.siblingDir)).toEqual(['world.dat']);
    expect(await leftoverLeaves(world, 'attacker')).toEqual([]);
    expect(await leftoverLeaves(world, 'definition')).toEqual([]);
  });

  it('runs through the supervisor sandboxed, and a signal stop reaches the game', async () => {
    const port = await freePort();
    const log = new ResultLog();
    const states: InstanceState[] = [];
    const supervisor = new InstanceSupervisor(
      {
        prepare: async () => ({
          plan: {
            command: process.execPath,
            args: [HOSTILE_SCRIPT, 'serve', String(port)],
            cwd: world.instanceDir,
          },
          stop: { signal: 'SIGTERM' },
          onLine: (line) => {
            log.onLine(line);
            return line.includes('"listen"');
          },
          sandbox: {
            sandbox: world.sandbox,
            request: { instanceDir: world.instanceDir, instanceId: 'supervised' },
          },
        }),
        onState: (to: InstanceState) => states.push(to),
        onError: () => undefined,
        restartOnCrash: () => false,
        stopTimeoutMs: () => 30_000,
      },
      { maxRestarts: 0, windowMs: 1000, delayMs: 0 },
    );
    const system: CausedBy = { type: 'System' };
    await supervisor.start(system);
    const proc = supervisor.process!;
    expect(proc.sandbox?.sandboxed).toBe(true);
    await log.waitFor('listen', proc.exited);
    await supervisor.stopAndWait(system);
    expect(log.one('stopping')).toMatchObject({ how: 'SIGTERM' });
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(states).toEqual(['Starting', 'Running', 'Stopping', 'Stopped']);
    expect(await leftoverLeaves(world, 'supervised')).toEqual([]);
  });

  it('runs the shipped flying-squid definition end to end: install, start plan and server', async () => {
    const port = await freePort();
    const sandboxFor = (instanceId: string) => ({ sandbox: world.sandbox, instanceId });
    const loaded = await loadGenericDefinition(FLYING_SQUID_DEFINITION_URL, {
      cacheDir: path.join(world.dataDir, 'cache', 'definitions'),
      sandbox: sandboxFor('definition'),
      allowPrivate: true,
    });
    const settings = {
      port: { value: { type: 'UnsignedInteger' as const, value: port } },
      max_players: { value: { type: 'UnsignedInteger' as const, value: 5 } },
      motd: { value: { type: 'String' as const, value: 'Sandboxed squid' } },
      version: { value: { type: 'Enum' as const, value: '1.21.4' } },
    };
    const installed = await runInstall(
      loaded.bundlePath,
      {
        definitionUrl: loaded.url,
        instanceDir: world.instanceDir,
        setupValue: { ...setupValue(null), setting_sections: { section_1: { settings } } },
      },
      () => undefined,
      { sandbox: sandboxFor('attacker') },
    );
    const plan = await resolveStartPlan(
      loaded.bundlePath,
      {
        definitionUrl: loaded.url,
        instanceDir: world.instanceDir,
        port,
        config: installed.config,
      },
      { sandbox: sandboxFor('attacker') },
    );
    const log = new ResultLog();
    const proc = await GameProcess.start(
      { ...plan, cwd: path.resolve(world.instanceDir, plan.cwd) },
      { onLine: log.onLine },
      {
        sandbox: world.sandbox,
        request: { instanceDir: world.instanceDir, instanceId: 'squid' },
      },
    );
    expect(proc.sandbox?.sandboxed).toBe(true);
    await log.waitForLine('Done (', proc.exited);
    const pinged = await status('127.0.0.1', port, { timeout: 10_000 });
    expect(pinged.motd.clean).toBe('Sandboxed squid');
    expect(proc.writeLine('stop')).toBe(true);
    expect((await proc.exited).code).toBe(0);
    expect(await leftoverLeaves(world, 'squid')).toEqual([]);
  });
});
