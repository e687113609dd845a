// Issue 22, reproduction 8: a game server with no limits set forked 300 processes and allocated
// 4 GiB. An instance that sets no limits gets the core's default limits (on by default, like
// Wings), its settings say what they are, and the kernel enforces them. The defaults are made tiny
// here so the fork loop stays small on a shared machine.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurableManifestSchema } from '@hearth/protocol';
import {
  bwrapPresent,
  consoleUntil,
  createNodeGameInstance,
  isState,
  startAndWaitRunning,
  stopAndWaitStopped,
  useIsolationSuite,
  type IsolationSuite,
  type NodeGame,
} from './instance-helpers.ts';

const PROCESS_DEFAULT = 24;
const MEMORY_DEFAULT_MIB = 192;
/** More children than the default lets the whole sandbox have. */
const FORKS_TRIED = 48;

let suite: IsolationSuite;
useIsolationSuite('isolation-defaults', (opened) => (suite = opened), {
  defaultLimits: { maxProcesses: PROCESS_DEFAULT, memoryMib: MEMORY_DEFAULT_MIB },
});

/** A game that starts children until the kernel refuses one, says how far it got, then idles. */
function forkingGame(marker: string): Omit<NodeGame, 'port'> {
  const script = `
const { spawn } = require('node:child_process');
let started = 0;
const next = () => {
  if (started >= ${FORKS_TRIED}) return console.log('forks=' + started + ' error=none');
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  child.once('spawn', () => { started++; next(); });
  child.once('error', (e) => console.log('forks=' + started + ' error=' + e.code));
};
next();
setInterval(() => {}, 1000);
// ${marker}
`;
  return { name: 'forker', script };
}

/** The host pid of the process whose command line holds `marker`. */
function pidWith(marker: string): number | null {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) return Number(name);
    } catch {
      // It exited meanwhile.
    }
  }
  return null;
}

/** What the kernel enforces on `pid`'s cgroup for `file` (v1 controller folder, or v2). */
function cgroupValue(pid: number, controller: string, file: string): string | null {
  for (const line of readFileSync(`/proc/${pid}/cgroup`, 'utf8').trim().split('\n')) {
    const [, controllers = '', where = ''] = line.split(':');
    const names = controllers.split(',');
    const dir = names.includes(controller)
      ? path.join('/sys/fs/cgroup', controller, where)
      : controllers === ''
        ? path.join('/sys/fs/cgroup', where)
        : null;
    if (dir === null) continue;
    try {
      return readFileSync(path.join(dir, file), 'utf8').trim();
    } catch {
      // Not this hierarchy.
    }
  }
  return null;
}

describe.runIf(bwrapPresent)('an instance that sets no resource limits', () => {
  it('gets the default limits: its settings show them and a fork loop stops at the process cap', async () => {
    const { t, owner, log } = suite;
    const marker = `hearth-defaults-${process.pid}-${Date.now()}`;
    const { uuid } = await createNodeGameInstance(suite, forkingGame(marker), 'Forker');

    const settings = ConfigurableManifestSchema.parse(
      (await t.request('GET', `/instance/${uuid}/settings`, { token: owner })).json,
    );
    const limits = settings.setting_sections.resource_limits_section!.settings;
    expect(limits.process_limit?.value).toEqual({
      type: 'UnsignedInteger',
      value: PROCESS_DEFAULT,
    });
    expect(limits.process_limit?.default_value).toEqual({
      type: 'UnsignedInteger',
      value: PROCESS_DEFAULT,
    });
    expect(limits.memory_limit_mib?.value).toEqual({
      type: 'UnsignedInteger',
      value: MEMORY_DEFAULT_MIB,
    });
    // CPU stays unlimited unless the owner sets a cap (documented).
    expect(limits.cpu_limit_percent?.value).toEqual({ type: 'UnsignedInteger', value: 0 });

    await startAndWaitRunning(t, owner, log, uuid);
    const text = await consoleUntil(t, owner, uuid, 'forks=');
    const [, forks, error] = /forks=(\d+) error=(\S+)/.exec(text)!;
    expect(error).toBe('EAGAIN');
    expect(Number(forks)).toBeLessThan(PROCESS_DEFAULT);

    // The kernel's own view of the running server's cgroups.
    const pid = pidWith(marker);
    expect(pid).not.toBeNull();
    expect(cgroupValue(pid!, 'pids', 'pids.max')).toBe(String(PROCESS_DEFAULT));
    const memory =
      cgroupValue(pid!, 'memory', 'memory.limit_in_bytes') ??
      cgroupValue(pid!, 'memory', 'memory.max');
    expect(memory).toBe(String(MEMORY_DEFAULT_MIB * 1024 * 1024));

    await stopAndWaitStopped(t, owner, log, uuid, 'kill');
  });

  it('is killed past the default memory limit, and the error says so', async () => {
    // 512 MiB of touched buffers, well past the default; a server that survives exits 0.
    const game = `const kept = [];
for (let i = 0; i < 64; i++) kept.push(Buffer.alloc(8 * 1024 * 1024, 1));
console.log('survived ' + kept.length);`;
    const { t, owner, log } = suite;
    const { uuid } = await createNodeGameInstance(suite, { name: 'hog', script: game }, 'Hog');
    const ended = log.next(
      (e) => isState(uuid, 'Error')(e) || isState(uuid, 'Stopped')(e),
      'Hog ended',
    );
    expect((await t.request('PUT', `/instance/${uuid}/start`, { token: owner })).status).toBe(200);
    const end = await ended;
    expect(isState(uuid, 'Error')(end)).toBe(true);
    expect(end.details).toContain(
      `out of memory: it passed its memory limit of ${MEMORY_DEFAULT_MIB} MiB`,
    );
  });
});
