import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../errors.ts';
import { GameProcess } from '../supervisor/game-process.ts';
import { detectIsolation } from './detect-isolation.ts';
import { programHome } from './runtime-paths.ts';
import { SandboxLayoutError } from './sandbox-layout.ts';
import { SANDBOX_UID_BASE, type SandboxUids } from './sandbox-uids.ts';
import { Sandbox, type WrapRequest } from './sandbox.ts';

const hasBwrap = await promisify(execFile)('bwrap', ['--version']).then(
  () => true,
  () => false,
);
let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hearth-sandbox-'));
  await chmod(root, 0o755);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function run(sandbox: Sandbox, command: string, args: string[], dir: string) {
  const lines: string[] = [];
  const proc = await GameProcess.start(
    { command, args, cwd: dir },
    { onLine: (line) => lines.push(line.trimEnd()) },
    { sandbox, request: { instanceDir: dir, instanceId: 'unit', limits: { maxProcesses: 16 } } },
  );
  return { proc, exit: await proc.exited, lines };
}

describe('Sandbox.wrap', () => {
  it.skipIf(!hasBwrap || process.getuid?.() !== 0)(
    "runs each instance as its owner's own uid, gives it its folder, and a launch of no instance as the base uid",
    async () => {
      const asked: string[] = [];
      const uids: SandboxUids = {
        uidOf: (owner) => {
          asked.push(owner);
          return Promise.resolve(SANDBOX_UID_BASE + ({ one: 1, two: 2 }[owner] ?? 3));
        },
      };
      const sandbox = await Sandbox.create('required', { hidden: [], sharedReadOnly: [], uids });
      const idsIn = async (request: WrapRequest) => {
        await mkdir(request.instanceDir, { recursive: true });
        const lines: string[] = [];
        const proc = await GameProcess.start(
          { command: 'sh', args: ['-c', 'id -u; id -g; touch mine'], cwd: request.instanceDir },
          { onLine: (line) => lines.push(line.trimEnd()) },
          { sandbox, request },
        );
        expect(await proc.exited).toEqual({ code: 0, signal: null });
        const mine = await stat(path.join(request.instanceDir, 'mine'));
        const folder = await stat(request.instanceDir);
        expect([mine.uid, folder.uid, folder.gid]).toEqual(
          lines.slice(0, 1).concat(lines).map(Number),
        );
        return Number(lines[0]);
      };
      const one = await idsIn({ instanceDir: path.join(root, 'one'), instanceId: 'one' });
      const two = await idsIn({ instanceDir: path.join(root, 'two'), instanceId: 'two' });
      // A macro task names its instance: it runs as that instance's uid, in that folder.
      const task = await idsIn({
        instanceDir: path.join(root, 'one'),
        instanceId: 'one-macro-7',
        owner: 'one',
      });
      const scratch = await idsIn({
        instanceDir: path.join(root, 'scratch'),
        instanceId: 'definition',
        owner: null,
      });
      await sandbox.close();
      expect([one, two, task, scratch]).toEqual([
        SANDBOX_UID_BASE + 1,
        SANDBOX_UID_BASE + 2,
        SANDBOX_UID_BASE + 1,
        SANDBOX_UID_BASE,
      ]);
      expect(sandbox.report.user).toEqual({
        kind: 'dropped',
        uid: SANDBOX_UID_BASE,
        gid: SANDBOX_UID_BASE,
      });
      expect(asked).toEqual(['one', 'two', 'one']);
    },
  );

  it.skipIf(!hasBwrap || process.getuid?.() !== 0)(
    "refuses a uid outside the instances' range (a host account's, nobody's)",
    async () => {
      const uids: SandboxUids = { uidOf: () => Promise.resolve(65534) };
      const sandbox = await Sandbox.create('required', { hidden: [], sharedReadOnly: [], uids });
      await expect(
        sandbox.wrap(
          { command: 'true', args: [], cwd: root },
          { instanceDir: root, instanceId: 'a' },
        ),
      ).rejects.toThrow("The sandbox uid 65534 of a is outside the instances' range");
      await sandbox.close();
      expect((await stat(root)).uid).toBe(0);
    },
  );

  it('refuses an instance id that cannot name a cgroup and limits out of range', async () => {
    const sandbox = new Sandbox({
      report: await detectIsolation('none', { cgroups: false }),
      options: { hidden: [] },
    });
    const plan = { command: 'true', args: [], cwd: root };
    await expect(sandbox.wrap(plan, { instanceDir: root, instanceId: '../x' })).rejects.toThrow(
      CoreError,
    );
    await expect(
      sandbox.wrap(plan, { instanceDir: root, instanceId: 'a', limits: { memoryBytes: 1024 } }),
    ).rejects.toThrow('The memory limit must be at least 16 MiB');
  });

  it('without bubblewrap or cgroups: the plan is unchanged and every asked limit is reported', async () => {
    const sandbox = new Sandbox({
      report: await detectIsolation('none', { cgroups: false }),
      options: { hidden: [] },
    });
    const plan = { command: 'true', args: ['x'], cwd: root, env: { A: '1' } };
    const wrapped = await sandbox.wrap(plan, {
      instanceDir: root,
      instanceId: 'a',
      limits: { memoryBytes: 64 * 1024 * 1024, cpuPercent: 50, maxProcesses: 10 },
    });
    expect(wrapped.plan).toEqual(plan);
    expect(wrapped.sandboxed).toBe(false);
    expect(wrapped.notEnforced).toEqual([
      'The memory limit is not enforced on this host.',
      'The CPU limit is not enforced on this host.',
      'The process limit is not enforced on this host.',
    ]);
    expect(wrapped.usage()).toBeNull();
    await wrapped.cleanup();
  });

  it('with --isolation none, limits are still enforced through cgroups where the host allows', async () => {
    const sandbox = await Sandbox.create('none', { hidden: [] });
    const { exit, lines, proc } = await run(
      sandbox,
      'sh',
      // The forks happen in a subshell, and the outer shell only runs builtins after it:
      // dash exits 2 on a fork it cannot make, so a pipeline here raced the limit.
      [
        '-c',
        '(for i in $(seq 1 40); do sleep 5 & done) 2>"$0"; read -r first < "$0"; echo "$first"; echo started',
        path.join(root, 'fork-errors.txt'),
      ],
      root,
    );
    await sandbox.close();
    expect(exit.code).toBe(0);
    expect(proc.sandbox?.sandboxed).toBe(false);
    if (sandbox.report.limits.pids) {
      expect(lines.join('\n')).toMatch(/fork|Resource temporarily unavailable/i);
      expect(proc.sandbox!.usage()!.forkRefusals).toBeGreaterThan(0);
    } else {
      expect(proc.sandbox?.notEnforced).toContain(
        'The process limit is not enforced on this host.',
      );
    }
  });

  it.skipIf(!hasBwrap || process.getuid?.() !== 0)(
    'says which runtime folder the unprivileged sandbox user cannot read, before starting',
    async () => {
      const secretHome = await mkdtemp(path.join(os.tmpdir(), 'hearth-private-'));
      try {
        const sandbox = await Sandbox.create('required', { hidden: [], sharedReadOnly: [] });
        const request = { instanceDir: root, instanceId: 'a', runtimeReadOnly: [secretHome] };
        await expect(
          sandbox.wrap({ command: 'true', args: [], cwd: root }, request),
        ).rejects.toThrow(
          `The sandboxed server cannot use ${secretHome}: make it accessible to all users (chmod o+rx)`,
        );
        await sandbox.close();
      } finally {
        await rm(secretHome, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!hasBwrap)(
    'runs a program that lives outside the system folders (a Deno binary from npm) with its folder read-only',
    async () => {
      const home = path.join(root, 'node_modules', '@deno', 'linux-x64-glibc');
      await mkdir(home, { recursive: true });
      await chmod(path.join(root, 'node_modules'), 0o755);
      await chmod(path.join(root, 'node_modules', '@deno'), 0o755);
      const deno = path.join(home, 'deno');
      await copyFile('/usr/bin/echo', deno);
      await chmod(deno, 0o755);
      expect(programHome(deno)).toBe(home);
      const instance = path.join(root, 'instance');
      await mkdir(instance);
      const sandbox = await Sandbox.create('required', { hidden: [], sharedReadOnly: [] });
      const { exit, lines } = await run(sandbox, deno, ['deno', 'ran'], instance);
      await sandbox.close();
      expect(exit).toEqual({ code: 0, signal: null });
      expect(lines).toEqual(['deno ran']);
    },
  );

  it.skipIf(!hasBwrap)(
    'lets the program write a further folder inside the hidden data directory, and nothing else there',
    async () => {
      const dataDir = path.join(root, 'data');
      const cache = path.join(dataDir, 'cache', 'deno', 'a');
      const instance = path.join(root, 'instance');
      await mkdir(cache, { recursive: true });
      await mkdir(instance);
      await writeFile(path.join(dataDir, 'hearth.db'), 'db');
      const sandbox = await Sandbox.create('required', { hidden: [dataDir] });
      const script = `echo cached > ${cache}/file && cat ${dataDir}/hearth.db; echo done`;
      const lines: string[] = [];
      const proc = await GameProcess.start(
        { command: 'sh', args: ['-c', script], cwd: instance },
        { onLine: (line) => lines.push(line.trimEnd()) },
        { sandbox, request: { instanceDir: instance, instanceId: 'unit', writable: [cache] } },
      );
      await proc.exited;
      await sandbox.close();
      expect(await readFile(path.join(cache, 'file'), 'utf8')).toBe('cached\n');
      expect(lines.join('\n')).toMatch(/hearth\.db: No such file or directory/);
      expect(lines.at(-1)).toBe('done');
    },
  );

  it.skipIf(!hasBwrap || process.getuid?.() !== 0)(
    'refuses a writable folder holding the data directory before giving anything to the sandbox user',
    async () => {
      const dataDir = path.join(root, 'data');
      const instance = path.join(root, 'instance');
      await mkdir(dataDir);
      await mkdir(instance);
      const sandbox = await Sandbox.create('required', { hidden: [dataDir] });
      const request = { instanceDir: instance, instanceId: 'a', writable: [root] };
      await expect(
        sandbox.wrap({ command: 'true', args: [], cwd: instance }, request),
      ).rejects.toThrow(SandboxLayoutError);
      await sandbox.close();
      expect((await stat(dataDir)).uid).toBe(0);
      expect((await stat(instance)).uid).toBe(0);
    },
  );
});
