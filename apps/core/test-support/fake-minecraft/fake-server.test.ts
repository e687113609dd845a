import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFakeServerJar } from './compile.ts';
import { collectLines } from '../stdout-lines.ts';

const WAIT_MS = 20_000;
const LINE = /^\[\d{2}:\d{2}:\d{2}\] \[Server thread\/(INFO|WARN|ERROR)\]: (.*)$/;

interface Running {
  child: ChildProcessWithoutNullStreams;
  /** Console texts (after the `[time] [thread/LEVEL]: ` prefix) seen so far. */
  texts: string[];
  stderr: string[];
  waitFor(text: string | RegExp): Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let root: string;
let jar: string;
const children: ChildProcessWithoutNullStreams[] = [];

function start(flags: string[] = []): Running {
  const child = spawn('java', ['-Xmx256M', '-Xms32M', ...flags, '-jar', jar, 'nogui'], {
    cwd: root,
  });
  children.push(child);
  const stderr: string[] = [];
  const output = collectLines(child.stdout, WAIT_MS, (line) => {
    const match = LINE.exec(line);
    if (!match) throw new Error(`not a vanilla console line: ${line}`);
    return match[2] ?? '';
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) =>
    stderr.push(...chunk.split('\n').filter((l) => l !== '')),
  );
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = async (expected: string | RegExp): Promise<void> => {
    await output.waitFor(
      (text) => (typeof expected === 'string' ? text === expected : expected.test(text)),
      String(expected),
    );
  };
  return { child, texts: output.lines, stderr, waitFor, exit };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hearth-fake-mc-'));
  jar = await compileFakeServerJar(join(root, 'jars'));
  await writeFile(
    join(root, 'server.properties'),
    '#Minecraft server properties\nserver-port=25599\nmax-players=7\n',
  );
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

describe('compileFakeServerJar', () => {
  it('reuses the jar built from the same source', async () => {
    const before = statSync(jar).mtimeMs;
    expect(await compileFakeServerJar(join(root, 'jars'))).toBe(jar);
    expect(statSync(jar).mtimeMs).toBe(before);
  });
});

describe('fake Minecraft server', () => {
  it('prints vanilla lines and obeys every console command', async () => {
    const server = start();
    await server.waitFor(/^Done \(\d+\.\d{3}s\)! For help, type "help"$/);
    expect(server.texts[0]).toBe('Starting minecraft server version 1.20.4');
    expect(server.texts).toContain('Starting Minecraft server on *:25599');

    const send = (command: string) => server.child.stdin.write(`${command}\n`);
    send('list');
    await server.waitFor('There are 0 of a max of 7 players online: ');
    send('fake-join alice');
    send('fake-join bob');
    await server.waitFor('bob joined the game');
    expect(server.texts).toContain('alice joined the game');
    send('list');
    await server.waitFor('There are 2 of a max of 7 players online: alice, bob');
    send('fake-chat alice hi there');
    await server.waitFor('<alice> hi there');
    send('say hello');
    await server.waitFor('[Server] hello');
    send('fake-leave alice');
    await server.waitFor('alice left the game');
    send('list');
    await server.waitFor('There are 1 of a max of 7 players online: bob');
    send('fake-stderr something odd');
    send('stop');
    expect(await server.exit).toEqual({ code: 0, signal: null });
    expect(server.texts).toContain('Stopping server');
    expect(server.stderr).toContain('something odd');
  });

  it('exits with code 1 on crash', async () => {
    const server = start();
    await server.waitFor(/^Done /);
    server.child.stdin.write('crash\n');
    expect((await server.exit).code).toBe(1);
  });

  it('crashes before Done with -Dfake.crashOnStart=true', async () => {
    const server = start(['-Dfake.crashOnStart=true']);
    expect((await server.exit).code).toBe(1);
    expect(server.texts.some((text) => text.startsWith('Done'))).toBe(false);
  });

  it('ignores stop and SIGTERM with -Dfake.ignoreStop=true until killed', async () => {
    const server = start(['-Dfake.ignoreStop=true']);
    await server.waitFor(/^Done /);
    server.child.stdin.write('stop\n');
    await server.waitFor('Ignoring stop (fake.ignoreStop=true)');
    server.child.kill('SIGTERM');
    server.child.stdin.write('fake-join carol\nlist\n');
    await server.waitFor('There are 1 of a max of 7 players online: carol');
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGKILL');
    expect(await server.exit).toEqual({ code: null, signal: 'SIGKILL' });
  });
});
