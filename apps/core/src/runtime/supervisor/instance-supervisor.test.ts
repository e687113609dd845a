import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CausedBy, InstanceState } from '@hearth/protocol';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { turnClock } from '../../../test-support/turn-clock.ts';
import { loopTurn } from '../../lib/loop-turns.ts';
import { DEFAULT_CRASH_POLICY } from './crash-guard.ts';
import { GameProcess } from './game-process.ts';
import { InstanceSupervisor, type SupervisorHooks } from './instance-supervisor.ts';

const OWNER: CausedBy = { type: 'System' };
const AT_ONCE = 6;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-supervisor-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A server that is Running once spawned and stops on SIGTERM; `onPrepare` sees each start. */
function server(onPrepare: () => void) {
  const states: InstanceState[] = [];
  const hooks: SupervisorHooks = {
    prepare: () => {
      onPrepare();
      return Promise.resolve({
        plan: { command: 'sleep', args: ['30'], cwd: dir },
        stop: { signal: 'SIGTERM' },
        onLine: () => false,
        runningOnSpawn: true,
      });
    },
    onState: (to) => states.push(to),
    onError: () => undefined,
    restartOnCrash: () => false,
    stopTimeoutMs: () => 30_000,
  };
  return { supervisor: new InstanceSupervisor(hooks, DEFAULT_CRASH_POLICY), states };
}

/** Records the turn of every graceful-stop signal, and sends it. */
function recordSignals(clock: { now(): number }): number[] {
  const turns: number[] = [];
  // The real method, taken before the spy replaces it (a spy's own implementation is empty).
  const send = Object.getOwnPropertyDescriptor(GameProcess.prototype, 'signal')!.value as (
    this: GameProcess,
    signal: NodeJS.Signals,
  ) => void;
  vi.spyOn(GameProcess.prototype, 'signal').mockImplementation(function (
    this: GameProcess,
    signal: NodeJS.Signals,
  ) {
    turns.push(clock.now());
    send.call(this, signal);
  });
  return turns;
}

it('starts and stops asked in one turn each do their work on a turn of their own', async () => {
  const clock = turnClock();
  const prepared: number[] = [];
  const servers = Array.from({ length: AT_ONCE }, () => server(() => prepared.push(clock.now())));
  await Promise.all(servers.map(({ supervisor }) => supervisor.start(OWNER)));
  expect(prepared).toHaveLength(AT_ONCE);
  expect(new Set(prepared).size).toBe(AT_ONCE);

  const signalled = recordSignals(clock);
  const exits = servers.map(({ supervisor }) => supervisor.process!.exited);
  for (const { supervisor } of servers) supervisor.stop(OWNER);
  // The state changes at once (a second stop is refused); the signals come later, one per turn.
  expect(servers.map(({ supervisor }) => supervisor.state)).toEqual(
    Array(AT_ONCE).fill('Stopping'),
  );
  expect(() => servers[0]!.supervisor.stop(OWNER)).toThrow('already stopping');
  expect(signalled).toEqual([]);
  await Promise.all(exits);
  clock.stop();
  expect(new Set(signalled).size).toBe(AT_ONCE);
  for (const { states } of servers)
    expect(states).toEqual(['Starting', 'Running', 'Stopping', 'Stopped']);
});

it('a kill right after a stop is not followed by the stop signal', async () => {
  const clock = turnClock();
  const { supervisor, states } = server(() => undefined);
  await supervisor.start(OWNER);
  const signalled = recordSignals(clock);
  supervisor.stop(OWNER);
  await supervisor.kill(OWNER);
  // Turns are given in order: once this one comes, the stop's has come and gone.
  await loopTurn();
  clock.stop();
  expect(signalled).toEqual([]);
  expect(states.at(-1)).toBe('Stopped');
});
