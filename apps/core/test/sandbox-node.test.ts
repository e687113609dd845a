import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { expect, it } from 'vitest';
import { checkIdentity } from '../src/runtime/sandbox/index.ts';
import {
  HOSTILE_SCRIPT,
  freePort,
  hostResponds,
  eachHostileWorld,
  leftoverLeaves,
  sandboxDescribe,
  startHostile,
  type HostileWorld,
} from '../test-support/hostile/fixture.ts';

const describeSandboxed = await sandboxDescribe();

/** Sends one line to 127.0.0.1:port and resolves with the first line answered. */
function exchange(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${line}\n`));
    socket.setEncoding('utf8');
    let got = '';
    socket.on('data', (data: string) => {
      got += data;
      if (got.includes('\n')) {
        socket.destroy();
        resolve(got.trim());
      }
    });
    socket.on('error', reject);
  });
}

describeSandboxed('a hostile Node server in the sandbox', () => {
  let world: HostileWorld;
  eachHostileWorld((w) => (world = w));

  /** The hostile script run by this Node, in the test's instance folder. */
  const node = (...args: string[]) => ({
    command: process.execPath,
    args: [HOSTILE_SCRIPT, ...args],
    cwd: world.instanceDir,
  });

  it('cannot read the core data, reach another instance, write outside its folder or kill the core', async () => {
    const { proc, log } = await startHostile(
      world,
      node('attacks', JSON.stringify(world.targets)),
      { limits: { maxProcesses: 64, memoryBytes: 256 * 1024 * 1024 } },
    );
    expect(proc.sandbox?.sandboxed).toBe(true);
    expect(proc.identity?.exe).toBe(world.sandbox.report.bwrap.path);
    await log.waitFor('done', proc.exited);
    expect(await proc.exited).toEqual({ code: 0, signal: null });

    expect(log.one('read-db')).toMatchObject({ ok: false, error: 'ENOENT' });
    expect(log.one('read-secrets')).toMatchObject({ ok: false, error: 'ENOENT' });
    expect(log.one('list-data-dir')).toMatchObject({ ok: true, value: ['instances'] });
    expect(log.one('list-instances')).toMatchObject({ ok: true, value: ['attacker'] });
    expect(log.one('list-sibling')).toMatchObject({ ok: false, error: 'ENOENT' });
    expect(log.one('write-sibling').ok).toBe(false);
    expect(log.one('read-shadow').ok).toBe(false);
    expect(log.one('see-victim')).toMatchObject({ ok: true, value: false });
    expect(log.one('kill-victim')).toMatchObject({ ok: false, error: 'ESRCH' });
    expect(log.one('own-write').ok).toBe(true);
    expect(log.one('own-read')).toMatchObject({ ok: true, value: 'mine' });
    const outside = log.all('write-outside');
    expect(outside.map((r) => r.file)).toEqual(world.targets.outside);
    // /tmp is the sandbox's own: a write there may succeed but never reaches the host's /tmp.
    for (const result of outside.slice(1)) expect(result.ok).toBe(false);

    expect(checkIdentity(world.victim)).toBe('same');
    for (const file of world.targets.outside) expect(existsSync(file)).toBe(false);
    expect(readdirSync(world.siblingDir)).toEqual(['world.dat']);
    expect(readFileSync(path.join(world.instanceDir, 'own-file.txt'), 'utf8')).toBe('mine');
    expect(await leftoverLeaves(world, 'attacker')).toEqual([]);
  });

  it('listens on a port reachable from the host and stops gracefully on SIGTERM', async () => {
    const port = await freePort();
    const { proc, log } = await startHostile(world, node('serve', String(port)));
    expect(await log.waitFor('listen', proc.exited)).toMatchObject({ ok: true, port });
    expect(await exchange(port, 'hello')).toBe('echo:hello');
    // The signal must reach the game inside the sandbox, not only bwrap outside it.
    proc.signal('SIGTERM');
    expect(await log.waitFor('stopping', proc.exited)).toMatchObject({ how: 'SIGTERM' });
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  });

  it('reads console commands from stdin through the sandbox', async () => {
    const port = await freePort();
    const { proc, log } = await startHostile(world, node('serve', String(port)));
    await log.waitFor('listen', proc.exited);
    expect(proc.writeLine('stop')).toBe(true);
    expect(await log.waitFor('stopping', proc.exited)).toMatchObject({ how: 'command' });
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  });

  it('a fork bomb stops at the process limit and the host keeps responding', async () => {
    const support = world.sandbox.report.limits;
    const { proc, log } = await startHostile(world, node('fork-bomb', '400'), {
      limits: { maxProcesses: 40 },
      instanceId: 'bomb',
    });
    const bomb = await log.waitFor('fork-bomb', proc.exited);
    if (support.pids) {
      expect(bomb.ok).toBe(false);
      expect(bomb.error).toBe('EAGAIN');
      expect(Number(bomb.started)).toBeLessThan(40);
      const usage = proc.sandbox!.usage()!;
      expect(usage.processes).toBeLessThanOrEqual(40);
      expect(usage.forkRefusals).toBeGreaterThan(0);
    } else {
      expect(proc.sandbox?.notEnforced).toContain(
        'The process limit is not enforced on this host.',
      );
    }
    expect(await hostResponds()).toBe(true);
    proc.killTree();
    // Killed either way: bwrap by the signal itself, or bwrap reporting the game inside, which the
    // same kill reached first, as 128 + 9.
    expect([
      { code: null, signal: 'SIGKILL' },
      { code: 137, signal: null },
    ]).toContainEqual(await proc.exited);
    expect(await leftoverLeaves(world, 'bomb')).toEqual([]);
  });

  it('a busy loop is held back by the CPU cap', async () => {
    const support = world.sandbox.report.limits;
    const { proc, log } = await startHostile(world, node('spin'), {
      limits: { cpuPercent: 10, cpuWeight: 50 },
      instanceId: 'spinner',
    });
    await log.waitFor('spin', proc.exited);
    if (support.cpu) {
      // The kernel counts every period in which the quota stopped the sandbox (no timing here).
      while ((proc.sandbox!.usage()!.cpuThrottledPeriods ?? 0) === 0)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(proc.sandbox!.usage()!.cpuThrottledPeriods).toBeGreaterThan(0);
    } else {
      expect(proc.sandbox?.notEnforced).toContain('The CPU limit is not enforced on this host.');
    }
    proc.killTree();
    await proc.exited;
    expect(await leftoverLeaves(world, 'spinner')).toEqual([]);
  });

  it('allocating past the memory limit gets the server killed, and the kill is reported', async () => {
    const support = world.sandbox.report.limits;
    const { proc, log } = await startHostile(
      world,
      // Without a memory limit only a harmless amount is tried (the machine is shared).
      node('memory', support.memory ? '2048' : '64'),
      { limits: { memoryBytes: 128 * 1024 * 1024 }, instanceId: 'hog' },
    );
    const exit = await proc.exited;
    if (support.memory) {
      expect(log.all('memory-done')).toEqual([]);
      const reached = Math.max(...log.all('memory').map((r) => Number(r.allocatedMiB)));
      expect(reached).toBeLessThan(128);
      // bwrap reports its child's death by SIGKILL as exit code 128 + 9.
      expect(exit).toEqual({ code: 137, signal: null });
      expect(proc.sandbox!.usage()!.oomKills).toBeGreaterThan(0);
    } else {
      expect(proc.sandbox?.notEnforced).toContain('The memory limit is not enforced on this host.');
    }
    expect(await leftoverLeaves(world, 'hog')).toEqual([]);
  });
});
