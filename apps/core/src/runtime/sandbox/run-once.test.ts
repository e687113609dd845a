import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from './run-once.ts';
import { Sandbox } from './sandbox.ts';
import { SANDBOX_UID_BASE } from './sandbox-uids.ts';

const hasBwrap = await promisify(execFile)('bwrap', ['--version']).then(
  () => true,
  () => false,
);

/** Dead: no longer listed, or a zombie its new parent has not reaped yet. */
async function gone(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat === null || stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
}

/**
 * Waits until `pid` is gone: a SIGKILL takes effect when the process next runs, which on a busy
 * machine is not the moment its parent's exit is reported.
 */
async function goneWithin(pid: number, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await gone(pid))) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

let root: string;
let instanceDir: string;
let outside: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hearth-run-once-'));
  await chmod(root, 0o755);
  instanceDir = path.join(root, 'instance');
  outside = path.join(root, 'outside');
  await Promise.all([mkdir(instanceDir), writeFile(outside, 'host file')]);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('runOnce without a sandbox (--isolation none)', () => {
  it('returns the exit code and the output of both streams, line by line', async () => {
    const lines: string[] = [];
    const result = await runOnce(
      { command: 'sh', args: ['-c', 'echo out; echo err >&2; exit 3'], cwd: root },
      { sandbox: null, onLine: (line) => lines.push(line) },
    );
    expect(result).toMatchObject({ code: 3, signal: null, timedOut: false, sandboxed: false });
    expect(result.output).toContain('out\n');
    expect(result.output).toContain('err\n');
    expect(lines.sort()).toEqual(['err', 'out']);
  });

  it('keeps at most maxOutputBytes of output', async () => {
    const result = await runOnce(
      { command: 'sh', args: ['-c', 'printf 0123456789'], cwd: root },
      { sandbox: null, maxOutputBytes: 4 },
    );
    expect(result.output).toBe('0123');
  });

  it('kills the whole tree when the time is up', async () => {
    let child = 0;
    const result = await runOnce(
      { command: 'sh', args: ['-c', 'sleep 600 & echo $!; wait'], cwd: root },
      { sandbox: null, timeoutMs: 1000, onLine: (line) => (child = Number(line)) },
    );
    expect(result.timedOut).toBe(true);
    expect(child).toBeGreaterThan(0);
    // The background sleep went with its parent (killed first, it may be what ended sh).
    expect(await goneWithin(child)).toBe(true);
  });

  it('rejects with the abort reason', async () => {
    const controller = new AbortController();
    const running = runOnce(
      { command: 'sh', args: ['-c', 'echo started; sleep 600'], cwd: root },
      {
        sandbox: null,
        signal: controller.signal,
        onLine: (line) => {
          if (line === 'started') controller.abort();
        },
      },
    );
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe.skipIf(!hasBwrap)('runOnce in the sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.create('required', { hidden: [] });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('runs as the game would: its own uid, only its folder writable, nothing of the host', async () => {
    const script = [
      'id -u',
      'echo mine > own.txt && echo wrote-own',
      `cat ${outside} 2>/dev/null || echo no-host-file`,
      `(echo pwned > ${outside}-2) 2>/dev/null || echo no-host-write`,
    ].join('; ');
    const result = await runOnce(
      { command: 'sh', args: ['-c', script], cwd: instanceDir },
      { sandbox: { sandbox, request: { instanceDir, instanceId: 'run-once-test' } } },
    );
    expect(result.sandboxed).toBe(true);
    expect(result.code).toBe(0);
    const lines = result.output.trim().split('\n');
    // Without a uid store (the core's), a root core's sandbox runs as the base of the range.
    expect(lines[0]).toBe(String(process.getuid?.() === 0 ? SANDBOX_UID_BASE : process.getuid?.()));
    expect(lines.slice(1)).toEqual(['wrote-own', 'no-host-file', 'no-host-write']);
    expect((await stat(path.join(instanceDir, 'own.txt'))).isFile()).toBe(true);
    await expect(stat(`${outside}-2`)).rejects.toThrow();
  });

  it('kills the sandbox when the time is up', async () => {
    const result = await runOnce(
      { command: 'sh', args: ['-c', 'sleep 600'], cwd: instanceDir },
      {
        sandbox: { sandbox, request: { instanceDir, instanceId: 'run-once-timeout' } },
        timeoutMs: 500,
      },
    );
    expect(result.timedOut).toBe(true);
    expect(result.code === 0).toBe(false);
  });
});
