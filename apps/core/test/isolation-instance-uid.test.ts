// A root core runs each instance's sandbox as a uid of its own (runtime/sandbox/README.md, "Who it
// runs as"): two real generic instances under the real bubblewrap sandbox run as different uids,
// each folder belongs to its own instance's uid, none of them is nobody (65534), and a restarted
// core gives each instance the uid it had.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientEvent } from '@hearth/protocol';
import { SANDBOX_UID_BASE } from '../src/runtime/sandbox/index.ts';
import { nextFrame, startTestCore, type TestCore } from './helpers.ts';
import {
  bwrapPresent,
  createGenericInstance,
  EventLog,
  freePort,
  stopAndWaitStopped,
  WAIT_MS,
  writeNodeGameDefinition,
} from './instance-helpers.ts';

const isRoot = process.getuid?.() === 0;

let t: TestCore;
let owner: string;
let log: EventLog;
let scratch: string;
let dataDir: string;

async function openCore(): Promise<void> {
  t = await startTestCore({ isolation: 'required' }, dataDir);
}

beforeAll(async () => {
  if (!bwrapPresent || !isRoot) return;
  // Definitions must be readable by the sandbox's unprivileged users.
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-instance-uid-'));
  await fs.chmod(scratch, 0o755);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-instance-uid-data-'));
  await openCore();
  owner = await t.setupOwner();
  log = await EventLog.open(t, owner);
});

afterAll(async () => {
  log?.close();
  await t?.close();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** A game that says who it is, leaves a file of its own in its folder, then idles. */
async function whoamiDefinition(name: string, port: number): Promise<string> {
  const game = `
require('node:fs').writeFileSync('made-by-game', 'x');
console.log('ids=' + process.getuid() + ':' + process.getgid());
setInterval(() => {}, 1000);
`;
  return writeNodeGameDefinition(path.join(scratch, `${name}.ts`), { name, port, script: game });
}

const idsLine = (e: ClientEvent) =>
  e.event_inner.type === 'InstanceEvent' &&
  e.event_inner.instance_event_inner.type === 'InstanceOutput' &&
  e.event_inner.instance_event_inner.message.startsWith('ids=');

async function create(name: string): Promise<{ uuid: string; dir: string }> {
  return createGenericInstance(t, owner, log, await whoamiDefinition(name, await freePort()), name);
}

/** Starts the instance, reads the ids its game printed, and stops it again. */
async function runAndAsk(uuid: string): Promise<{ uid: number; gid: number }> {
  const stream = await t.socket(
    `/instance/${uuid}/console/stream?token=${encodeURIComponent(`Bearer ${owner}`)}`,
  );
  const said = nextFrame<ClientEvent>(stream, idsLine, WAIT_MS);
  const started = await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
  expect(started.status, started.text).toBe(200);
  const event = await said.finally(() => stream.close());
  const inner = event.event_inner;
  if (inner.type !== 'InstanceEvent' || inner.instance_event_inner.type !== 'InstanceOutput')
    throw new Error('not an output line');
  const [uid, gid] = inner.instance_event_inner.message.trim().slice(4).split(':').map(Number);
  await stopAndWaitStopped(t, owner, log, uuid, 'kill');
  return { uid: uid!, gid: gid! };
}

describe.runIf(bwrapPresent && isRoot)('a root core with --isolation required', () => {
  it('runs each instance as its own uid, owning its own folder, keeps it across a restart, and never hands it on after a delete', async () => {
    const a = await create('Alpha');
    const b = await create('Beta');
    const idsA = await runAndAsk(a.uuid);
    const idsB = await runAndAsk(b.uuid);

    expect(idsA.uid).not.toBe(idsB.uid);
    expect(idsA.gid).not.toBe(idsB.gid);
    for (const ids of [idsA, idsB]) {
      expect(ids.uid).not.toBe(65534);
      expect(ids.uid).toBeGreaterThan(SANDBOX_UID_BASE);
      expect(ids.gid).toBe(ids.uid);
    }
    for (const [{ dir }, ids] of [
      [a, idsA],
      [b, idsB],
    ] as const) {
      const folder = await fs.stat(dir);
      expect([folder.uid, folder.gid]).toEqual([ids.uid, ids.gid]);
      const made = await fs.stat(path.join(dir, 'made-by-game'));
      expect([made.uid, made.gid]).toEqual([ids.uid, ids.gid]);
    }

    // The uid is stored by the core: a new core on the same data keeps each instance's uid.
    log.close();
    await t.close();
    await openCore();
    const login = await t.login('owner', 'owner-password');
    owner = (login.json as { token: string }).token;
    log = await EventLog.open(t, owner);
    expect(await runAndAsk(b.uuid)).toEqual(idsB);
    expect(await runAndAsk(a.uuid)).toEqual(idsA);
    expect((await fs.stat(a.dir)).uid).toBe(idsA.uid);
    expect((await fs.stat(b.dir)).uid).toBe(idsB.uid);

    // A deleted instance's uid goes with it and is never handed to a later one.
    const deleted = log.next(
      (e) =>
        e.event_inner.type === 'ProgressionEvent' &&
        e.event_inner.progression_event_inner.type === 'ProgressionEnd' &&
        e.event_inner.progression_event_inner.inner?.type === 'InstanceDelete',
      'the deletion of Alpha',
    );
    const gone = await t.request('DELETE', `/instance/${a.uuid}`, { token: owner });
    expect(gone.status, gone.text).toBe(200);
    await deleted;
    await expect(fs.stat(a.dir)).rejects.toThrow();
    const c = await create('Gamma');
    const idsC = await runAndAsk(c.uuid);
    expect([idsA.uid, idsB.uid]).not.toContain(idsC.uid);
    expect((await fs.stat(c.dir)).uid).toBe(idsC.uid);
  });
});
