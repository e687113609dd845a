import { spawn, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  captureIdentity,
  checkIdentity,
  childIdentities,
  signalIdentified,
  signalIdentifiedTree,
  withoutExe,
  type ProcessIdentity,
} from './process-identity.ts';

const started: ChildProcess[] = [];

async function start(command: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child;
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}

afterEach(() => {
  // Each by the handle we spawned it with (never by name).
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe.skipIf(process.platform !== 'linux')('process identity', () => {
  it('records pid, start time and executable, and knows the process while it lives', async () => {
    const child = await start('sleep', ['1000']);
    const identity = captureIdentity(child.pid!)!;
    expect(identity.pid).toBe(child.pid);
    expect(identity.startTicks).toMatch(/^\d+$/);
    expect(identity.exe).toBe(realpathSync('/usr/bin/sleep'));
    expect(checkIdentity(identity)).toBe('same');
    child.kill('SIGKILL');
    await exited(child);
    expect(checkIdentity(identity)).toBe('gone');
    expect(captureIdentity(child.pid!)).toBeNull();
  });

  it('refuses to signal a pid whose start time or executable differs from the record', async () => {
    const child = await start('sleep', ['1000']);
    const identity = captureIdentity(child.pid!)!;
    const otherStart: ProcessIdentity = {
      ...identity,
      startTicks: String(BigInt(identity.startTicks) + 1n),
    };
    const otherExe: ProcessIdentity = { ...identity, exe: '/usr/bin/java' };
    expect(checkIdentity(otherStart)).toBe('different');
    expect(checkIdentity(otherExe)).toBe('different');
    expect(signalIdentified(otherStart, 'SIGKILL')).toBe(false);
    expect(signalIdentified(otherExe, 'SIGKILL')).toBe(false);
    expect(signalIdentifiedTree(otherStart, 'SIGKILL')).toBe(0);
    expect(checkIdentity(identity)).toBe('same');
    // An executable that cannot be compared does not decide: the start time does.
    expect(signalIdentified({ ...identity, exe: null }, 'SIGTERM')).toBe(true);
    expect(await exited(child)).toBe('SIGTERM');
  });

  it('kills a whole tree, grandchildren included, and lists children oldest first', async () => {
    // The parent execs after "ready" (so it never exits on its own when its children die).
    const parent = await start('sh', [
      '-c',
      'sleep 1000 & sleep 1001 & echo ready; exec sleep 1002',
    ]);
    await new Promise<void>((resolve) => parent.stdout!.once('data', () => resolve()));
    const identity = withoutExe(captureIdentity(parent.pid!))!;
    const children = childIdentities(identity);
    expect(children).toHaveLength(2);
    expect(BigInt(children[0]!.startTicks) <= BigInt(children[1]!.startTicks)).toBe(true);
    expect(signalIdentifiedTree(identity, 'SIGKILL')).toBe(3);
    expect(await exited(parent)).toBe('SIGKILL');
    // SIGKILL is delivered at once but dying takes a moment: wait for it (the test time-out bounds it).
    for (const child of children)
      while (checkIdentity(child) === 'same') await new Promise((r) => setTimeout(r, 10));
  });
});
