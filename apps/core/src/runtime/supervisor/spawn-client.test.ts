import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameProcess } from './game-process.ts';
import { SpawnHelper, type ExitListener, type HelperChild } from './spawn-client.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-spawn-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function collect(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve(text));
  });
}

/** The exit once both output pipes were read to their end (as ChildProcess 'close'). */
function closed(child: HelperChild): Promise<Parameters<ExitListener>> {
  child.stdout.resume();
  child.stderr.resume();
  return new Promise((resolve) => child.onClose((...exit) => resolve(exit)));
}

describe('the spawn helper', () => {
  const helper = new SpawnHelper();
  afterAll(() => helper.close());

  it("forks the game, not the core: the child's parent is the helper", async () => {
    const child = await helper.spawn({ command: 'sleep', args: ['30'], cwd: dir });
    expect(helper.pid).not.toBeNull();
    expect(parentOf(child.pid)).toBe(helper.pid);
    expect(helper.pid).not.toBe(process.pid);
    const done = closed(child);
    child.kill('SIGTERM');
    expect(await done).toEqual([null, 'SIGTERM', false]);
  });

  it('hands over the pipes: what the core writes comes back, all of it, then the exit code', async () => {
    // 256 KiB at once, before the core has read anything: the helper must not read any of it.
    const child = await helper.spawn({
      command: 'sh',
      args: [
        '-c',
        'head -c 262144 /dev/zero | tr "\\0" x; read line; echo "got $line"; echo oops >&2; exit 3',
      ],
      cwd: dir,
      env: { EXTRA: '1' },
    });
    const out = collect(child.stdout);
    const err = collect(child.stderr);
    child.stdin.write('hello\n');
    const text = await out;
    expect(text.length).toBe(262144 + 'got hello\n'.length);
    expect(text.endsWith('xgot hello\n')).toBe(true);
    expect(await err).toBe('oops\n');
    expect(await closed(child)).toEqual([3, null, false]);
  });

  it('a child that exits at once: its output, its exit and the end of its pipes still come', async () => {
    for (let i = 0; i < 10; i++) {
      const child = await helper.spawn({ command: 'sh', args: ['-c', `echo ${i}`], cwd: dir });
      const out = collect(child.stdout);
      expect(await closed(child)).toEqual([0, null, false]);
      expect(await out).toBe(`${i}\n`);
      const silent = await helper.spawn({ command: 'true', args: [], cwd: dir });
      expect(await closed(silent)).toEqual([0, null, false]);
    }
  });

  it('ignores a Ctrl-C to the process group: the core decides when it goes', async () => {
    await closed(await helper.spawn({ command: 'true', args: [], cwd: dir }));
    const before = helper.pid!;
    // A fatal signal is acted on before the helper runs again, so an answer means it survived.
    process.kill(before, 'SIGINT');
    const next = await helper.spawn({ command: 'true', args: [], cwd: dir });
    expect(helper.pid).toBe(before);
    expect(await closed(next)).toEqual([0, null, false]);
  });

  it("adds the plan's environment to the core's", async () => {
    const child = await helper.spawn({
      command: 'sh',
      args: ['-c', 'echo "$EXTRA $HOME"'],
      cwd: dir,
      env: { EXTRA: 'added' },
    });
    expect(await collect(child.stdout)).toBe(`added ${process.env.HOME}\n`);
  });

  it('rejects a spawn that cannot happen with the error the core would have seen', async () => {
    await expect(
      helper.spawn({ command: 'true', args: [], cwd: path.join(dir, 'missing') }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(
      helper.spawn({ command: path.join(dir, 'no-such-program'), args: [], cwd: dir }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('warm() forks the helper ahead of a spawn, which then goes to that same helper', async () => {
    const fresh = new SpawnHelper();
    try {
      expect(fresh.pid).toBeNull();
      fresh.warm();
      const warmed = fresh.pid;
      expect(warmed).not.toBeNull();
      fresh.warm();
      expect(fresh.pid).toBe(warmed);
      const child = await fresh.spawn({ command: 'sleep', args: ['30'], cwd: dir });
      expect(parentOf(child.pid)).toBe(warmed);
      const done = closed(child);
      child.kill('SIGTERM');
      expect(await done).toEqual([null, 'SIGTERM', false]);
    } finally {
      fresh.close();
    }
  });

  it('reports its children lost when it dies, and starts again for the next spawn', async () => {
    const child = await helper.spawn({ command: 'sleep', args: ['30'], cwd: dir });
    const exit = new Promise<Parameters<ExitListener>>((resolve) =>
      child.onExit((...info) => resolve(info)),
    );
    const first = helper.pid!;
    process.kill(first, 'SIGKILL');
    expect(await exit).toEqual([null, 'SIGKILL', true]);
    process.kill(child.pid, 'SIGKILL');
    const next = await helper.spawn({ command: 'true', args: [], cwd: dir });
    expect(helper.pid).not.toBe(first);
    expect(await closed(next)).toEqual([0, null, false]);
  });
});

describe('GameProcess through the helper', () => {
  it('starts the server outside the core (its parent is not the core) and supervises it', async () => {
    const lines: string[] = [];
    const proc = await GameProcess.start(
      { command: 'sh', args: ['-c', 'echo ready; read x; echo "bye $x"'], cwd: dir },
      { onLine: (line) => lines.push(line) },
    );
    expect(parentOf(proc.pid)).not.toBe(process.pid);
    expect(proc.identity?.pid).toBe(proc.pid);
    expect(proc.writeLine('now')).toBe(true);
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(lines).toEqual(['ready\n', 'bye now\n']);
  });

  it('kills the whole tree', async () => {
    let up: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (up = resolve));
    const proc = await GameProcess.start(
      { command: 'sh', args: ['-c', 'sleep 30 & echo up; exec sleep 31'], cwd: dir },
      { onLine: (line) => line === 'up\n' && up() },
    );
    await started;
    proc.killTree();
    expect(await proc.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });
});
