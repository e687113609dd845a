// A generic start asks the definition for its plan once per set of inputs (issue 26): the plan
// start() answers at creation is kept with the instance, a start with the same inputs spawns no
// definition process, and a change of those inputs (the port setting) asks again. The definition
// here appends each port start() is asked for to a file in its instance folder, so the test counts
// the calls from outside.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { sandboxSkipReason } from '../test-support/hostile/fixture.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, createGenericInstance, freePort, isState } from './instance-helpers.ts';

const CALLS = 'start-calls.log';
let dir: string;
let counting: string;
let throwing: string;
let cores: TestCore[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-start-plan-'));
  await fs.chmod(dir, 0o755);
  counting = path.join(dir, 'counting.mjs');
  await fs.writeFile(
    counting,
    `import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
export default {
  game_name: 'plan-counter',
  game_display_name: 'Plan counter',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: 0 }),
  start(ctx) {
    const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
    appendFileSync(join(ctx.instanceDir, '${CALLS}'), ctx.port + ' uid ' + uid + '\\n');
    return { command: '/bin/sh', args: ['-c', 'echo "ready on ' + ctx.port + '"; exec sleep 600'] };
  },
  stop: { signal: 'SIGTERM' },
  output: { started: '^ready on' },
};
`,
    { mode: 0o644 },
  );
  throwing = path.join(dir, 'throwing.mjs');
  await fs.writeFile(
    throwing,
    `export default {
  game_name: 'plan-thrower',
  game_display_name: 'Plan thrower',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: 0 }),
  start() { throw new Error('no plan today'); },
  stop: { signal: 'SIGTERM' },
};
`,
    { mode: 0o644 },
  );
});

afterEach(async () => {
  for (const core of cores) await core.close();
  cores = [];
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function core(dataDir?: string, sandboxed = false): Promise<TestCore> {
  const t = await startTestCore(
    { stopTimeoutMs: 10_000, ...(sandboxed ? { isolation: 'required' } : {}) },
    dataDir,
  );
  cores.push(t);
  return t;
}

/** A fresh core (sandboxed or not), its owner signed up and the event log open as them. */
async function ownedCore(sandboxed = false) {
  const t = await core(undefined, sandboxed);
  const owner = await t.setupOwner();
  return { t, owner, log: await EventLog.open(t, owner) };
}

const create = (t: TestCore, owner: string, log: EventLog, definition: string) =>
  createGenericInstance(t, owner, log, pathToFileURL(definition).href, 'Plan');

/** Starts the instance, waits for Running, stops it and waits for Stopped. */
async function runOnce(t: TestCore, owner: string, log: EventLog, uuid: string): Promise<void> {
  const running = log.next(isState(uuid, 'Running'), 'Running');
  const started = await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
  expect(started.status, started.text).toBe(200);
  await running;
  const stopped = log.next(isState(uuid, 'Stopped'), 'Stopped');
  const stop = await t.request('PUT', `/instance/${uuid}/stop`, { token: owner });
  expect(stop.status, stop.text).toBe(200);
  await stopped;
}

/** The ports start() was asked for, in order (and the uid it ran as). */
async function calls(instanceDir: string): Promise<string[]> {
  const text = await fs.readFile(path.join(instanceDir, CALLS), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean);
}

async function consoleLines(t: TestCore, owner: string, uuid: string): Promise<string[]> {
  const res = await t.request('GET', `/instance/${uuid}/console/buffer`, { token: owner });
  return (res.json as { event_inner: { instance_event_inner: { message?: string } } }[]).flatMap(
    (e) => e.event_inner.instance_event_inner.message ?? [],
  );
}

it('asks start() once, at creation: starting again with the same inputs runs no definition code', async () => {
  const { t, owner, log } = await ownedCore();
  const { uuid, dir: instanceDir } = await create(t, owner, log, counting);
  expect((await calls(instanceDir)).map((c) => c.split(' ')[0])).toEqual(['0']);
  await runOnce(t, owner, log, uuid);
  await runOnce(t, owner, log, uuid);
  expect((await calls(instanceDir)).map((c) => c.split(' ')[0])).toEqual(['0']);
  expect(await consoleLines(t, owner, uuid)).toContain('ready on 0\n');
  log.close();
});

it('asks start() again after the port setting changed, and runs the new plan', async () => {
  const { t, owner, log } = await ownedCore();
  const { uuid, dir: instanceDir } = await create(t, owner, log, counting);
  await runOnce(t, owner, log, uuid);
  const port = await freePort();
  const set = await t.request('PUT', `/instance/${uuid}/settings/instance_section/port`, {
    token: owner,
    body: { type: 'UnsignedInteger', value: port },
  });
  expect(set.status, set.text).toBe(200);
  await runOnce(t, owner, log, uuid);
  await runOnce(t, owner, log, uuid);
  expect((await calls(instanceDir)).map((c) => c.split(' ')[0])).toEqual(['0', String(port)]);
  expect(await consoleLines(t, owner, uuid)).toContain(`ready on ${port}\n`);
  log.close();
});

it('keeps the plan across a restart of the core', async () => {
  const { t: first, owner, log } = await ownedCore();
  const { uuid, dir: instanceDir } = await create(first, owner, log, counting);
  await runOnce(first, owner, log, uuid);
  log.close();
  await first.close();
  cores = [];

  const again = await core(first.dataDir);
  const log2 = await EventLog.open(again, owner);
  await runOnce(again, owner, log2, uuid);
  expect((await calls(instanceDir)).map((c) => c.split(' ')[0])).toEqual(['0']);
  log2.close();
});

it('creates the instance when start() fails at creation; its first start reports the failure', async () => {
  const { t, owner, log } = await ownedCore();
  const { uuid } = await create(t, owner, log, throwing);
  const started = await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
  expect(started.status).toBe(400);
  expect(started.text).toContain('start() threw: no plan today');
  log.close();
});

// A root core drops the sandbox to another uid; a non-root one keeps its own inside the sandbox.
const skip =
  process.getuid?.() === 0 ? await sandboxSkipReason() : 'the core is not root (same uid inside)';
it.skipIf(skip !== null)(
  `asks start() inside the sandbox at creation too${skip ? ` (skipped: ${skip})` : ''}`,
  async () => {
    const { t, owner, log } = await ownedCore(true);
    const { uuid, dir: instanceDir } = await create(t, owner, log, counting);
    const [call] = await calls(instanceDir);
    // The definition ran as the sandbox's user, never as the core's.
    expect(call).toMatch(/^0 uid \d+$/);
    expect(Number(call!.split(' ')[2])).not.toBe(process.getuid?.());
    await runOnce(t, owner, log, uuid);
    expect(await calls(instanceDir)).toEqual([call]);
    log.close();
  },
);
