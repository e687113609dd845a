// Issue 26 §1: moving an instance to another core. Two real cores in one process: the browser's
// part (ask the source for a key, hand it to the target) is done here with HTTP calls; the target
// pulls the archive from the source itself. A transfer succeeds (the world arrives, the source keeps
// its copy); a wrong, expired or reused key is refused; an archive whose sha256 is not the one
// announced leaves nothing behind; who may ask for a key and who may receive is enforced.
import fs from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  TRANSFER_KEY_TTL_MS,
  TRANSFER_MANIFEST_HEADER,
  TRANSFER_SHA256_HEADER,
  TransferKeySchema,
  TransferManifestSchema,
  apiPaths,
  emptyPermissions,
  type ClientEvent,
} from '@hearth/protocol';
import { createSquid, type Squid } from './backups-app-helpers.ts';
import type { TestCore } from './helpers.ts';
import { instanceFolders } from './import-helpers.ts';
import { instancesOf, isCreationEnd, useOwnedCore, type EventLog } from './instance-helpers.ts';

let source: TestCore;
let target: TestCore;
let sourceOwner: string;
let targetOwner: string;
let sourceLog: EventLog;
let targetLog: EventLog;
let squid: Squid;

const progressionEnds = (log: EventLog, title: RegExp): ClientEvent[] => {
  const ids = new Set(
    log.events.flatMap((e) =>
      e.event_inner.type === 'ProgressionEvent' &&
      e.event_inner.progression_event_inner.type === 'ProgressionStart' &&
      title.test(e.event_inner.progression_event_inner.progression_name)
        ? [e.event_inner.event_id]
        : [],
    ),
  );
  return log.events.filter(
    (e) =>
      e.event_inner.type === 'ProgressionEvent' &&
      ids.has(e.event_inner.event_id) &&
      e.event_inner.progression_event_inner.type === 'ProgressionEnd',
  );
};

async function issueKey(token = sourceOwner, uuid = squid.uuid) {
  const res = await source.request('POST', apiPaths.instanceTransfer(uuid), { token });
  expect(res.status, res.text).toBe(200);
  return TransferKeySchema.parse(res.json);
}

function transferIn(body: Record<string, unknown>, token = targetOwner) {
  return target.request('POST', apiPaths.instanceTransferIn(), { token, body });
}

async function userWith(
  t: TestCore,
  owner: string,
  name: string,
  grant: (p: ReturnType<typeof emptyPermissions>) => void,
) {
  const made = await t.createUser(owner, name);
  const perms = emptyPermissions();
  grant(perms);
  const res = await t.request('PUT', apiPaths.userUpdatePerm(made.uid), {
    token: owner,
    body: perms,
  });
  expect(res.status, res.text).toBe(200);
  return made.token;
}

useOwnedCore((core) => ({ t: source, owner: sourceOwner, log: sourceLog } = core), {
  stopTimeoutMs: 10_000,
});
useOwnedCore((core) => ({ t: target, owner: targetOwner, log: targetLog } = core), {
  stopTimeoutMs: 10_000,
});
beforeAll(async () => {
  squid = await createSquid(source, sourceOwner, sourceLog, 'Castle');
  // A file of the player's own in the world, to find again on the target.
  await fs.mkdir(path.join(squid.dir, 'world'), { recursive: true });
  await fs.writeFile(path.join(squid.dir, 'world', 'built-by-a-player.txt'), 'a castle');
}, 180_000);

describe('moving an instance to another core (issue 26)', () => {
  it('the target pulls it from the source and creates it with the same settings', async () => {
    const { key, expires } = await issueKey();
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + TRANSFER_KEY_TTL_MS);
    const before = await instanceFolders(target);

    const res = await transferIn({ source_url: source.origin, key });
    expect(res.status, res.text).toBe(200);
    const uuid = res.json as string;
    const end = await targetLog.wait(isCreationEnd(uuid), 'the creation on the target', 120_000);
    expect(
      end.event_inner.type === 'ProgressionEvent' &&
        end.event_inner.progression_event_inner.type === 'ProgressionEnd' &&
        end.event_inner.progression_event_inner.success,
    ).toBe(true);

    const moved = (await instancesOf(target, targetOwner)).find((i) => i.uuid === uuid);
    expect(moved).toMatchObject({
      name: 'Castle',
      game_type: { type: 'Generic', game_name: 'flying-squid' },
      port: squid.port,
    });
    const dir = target.core.ctx.instances.folder(uuid);
    expect(await fs.readFile(path.join(dir, 'world', 'built-by-a-player.txt'), 'utf8')).toBe(
      'a castle',
    );
    expect((await instanceFolders(target)).length).toBe(before.length + 1);

    // The source keeps its copy; both cores told their users how it went.
    expect((await instancesOf(source, sourceOwner)).map((i) => i.uuid)).toContain(squid.uuid);
    await vi.waitFor(() =>
      expect(progressionEnds(sourceLog, /^Sending Castle/).at(-1)).toBeDefined(),
    );
    const sent = progressionEnds(sourceLog, /^Sending Castle/).at(-1)!;
    expect(
      sent.event_inner.type === 'ProgressionEvent' && sent.event_inner.progression_event_inner,
    ).toMatchObject({
      success: true,
      message: expect.stringMatching(/stays here until you delete it/) as unknown,
    });
    expect(progressionEnds(targetLog, /^Receiving an instance/).at(-1)?.event_inner).toMatchObject({
      progression_event_inner: { success: true },
    });

    // The key worked once.
    const again = await transferIn({ source_url: source.origin, key });
    expect(again.status).toBe(400);
    expect(again.text).toMatch(/wrong, expired or used already/);
  }, 240_000);

  it('refuses a wrong key and an expired one, and creates nothing', async () => {
    const before = await instanceFolders(target);
    const wrong = await transferIn({ source_url: source.origin, key: 'x'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/wrong, expired or used already/);

    const { key } = await issueKey();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + TRANSFER_KEY_TTL_MS + 1000);
    let pulled;
    try {
      pulled = await source.request('POST', apiPaths.transferPull(), { body: { key } });
    } finally {
      clock.mockRestore();
    }
    expect(pulled.status).toBe(404);
    expect(pulled.text).toMatch(/wrong, expired or used already/);
    expect(await instanceFolders(target)).toEqual(before);
  });

  it('leaves nothing behind when the archive does not match its announced sha256', async () => {
    // Between the cores, something changes the announced sha256 (as a corrupted download would
    // fail to match it).
    const proxy: Server = createServer((req, res) => {
      const upstream = httpRequest(
        `${source.origin}${req.url ?? '/'}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          const headers = { ...answer.headers };
          if (headers[TRANSFER_SHA256_HEADER]) headers[TRANSFER_SHA256_HEADER] = '0'.repeat(64);
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const before = await instanceFolders(target);
      const listed = (await instancesOf(target, targetOwner)).length;
      const { key } = await issueKey();
      const res = await transferIn({
        source_url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        key,
      });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toMatch(/does not match the sha256/);
      expect(await instanceFolders(target)).toEqual(before);
      expect(await instancesOf(target, targetOwner)).toHaveLength(listed);
      expect(
        progressionEnds(targetLog, /^Receiving an instance/).at(-1)?.event_inner,
      ).toMatchObject({
        progression_event_inner: { success: false },
      });
      // The source still has its instance, free to be moved again.
      expect(source.core.ctx.instances.state(squid.uuid)).toBe('Stopped');
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  }, 120_000);

  it('lets only readers ask for a key and only creators receive', async () => {
    const stranger = await userWith(source, sourceOwner, 'stranger', () => undefined);
    const refused = await source.request('POST', apiPaths.instanceTransfer(squid.uuid), {
      token: stranger,
    });
    expect(refused.status).toBe(403);
    const reader = await userWith(source, sourceOwner, 'reader', (p) => {
      p.can_view_instance = [squid.uuid];
      p.can_read_instance_file = [squid.uuid];
    });
    await issueKey(reader);

    const { key } = await issueKey();
    const guest = await target.request('POST', apiPaths.instanceTransferIn(), {
      body: { source_url: source.origin, key },
    });
    expect(guest.status).toBe(401);
    const viewer = await userWith(target, targetOwner, 'viewer', () => undefined);
    expect((await transferIn({ source_url: source.origin, key }, viewer)).status).toBe(403);
    // Refused before the pull: the key still works for someone who may create.
    const creator = await userWith(target, targetOwner, 'creator', (p) => {
      p.can_create_instance = true;
    });
    // Safe mode is on by default: a game from an archive is the owner's to import then.
    expect((await transferIn({ source_url: source.origin, key }, creator)).status).toBe(403);
    const pulled = await source.request('POST', apiPaths.transferPull(), { body: { key } });
    expect(pulled.status).toBe(200);
    expect(
      TransferManifestSchema.parse(
        JSON.parse(
          Buffer.from(pulled.headers.get(TRANSFER_MANIFEST_HEADER) ?? '', 'base64url').toString(),
        ),
      ),
    ).toMatchObject({ uuid: squid.uuid, name: 'Castle' });
  });
});
