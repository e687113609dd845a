// Backups through the real core: a running flying-squid server with a mineflayer bot chatting and
// walking while the archive is made (the save hooks hold the world still), a restore that the
// server loads again, downloads through user-bound keys, retention, excludes, instance deletion.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import {
  BackupRecordSchema,
  BackupSettingsSchema,
  LogPageSchema,
  emptyPermissions,
} from '@hearth/protocol';
import { joinBot } from '../test-support/mineflayer-bot.ts';
import {
  backupThroughApi,
  consoleLines,
  createSquid,
  nextBackupEnd,
  type Squid,
} from './backups-app-helpers.ts';
import type { TestCore } from './helpers.ts';
import { isState, startAndWaitRunning, useOwnedCore, type EventLog } from './instance-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;
let squid: Squid;

useOwnedCore(
  async (core) => {
    ({ t, owner, log } = core);
    squid = await createSquid(t, owner, log, 'Backed Up');
  },
  { stopTimeoutMs: 10_000 },
  120_000,
);

const list = async (uuid: string) =>
  z
    .array(BackupRecordSchema)
    .parse((await t.request('GET', `/instance/${uuid}/backups`, { token: owner })).json);

async function stop(uuid: string) {
  const stopped = log.next(isState(uuid, 'Stopped'), 'Stopped');
  expect((await t.request('PUT', `/instance/${uuid}/stop`, { token: owner })).status).toBe(200);
  await stopped;
}

describe('backing up a running flying-squid server', () => {
  it('archives while a bot chats and walks, with the save hooks; the restore loads and a bot joins again', async () => {
    const output = consoleLines(t, squid.uuid);
    await startAndWaitRunning(t, owner, log, squid.uuid);
    const levelDat = path.join(squid.dir, 'world', 'level.dat');
    const level = await readFile(levelDat);
    const first = await joinBot({
      host: '127.0.0.1',
      port: squid.port,
      username: 'Builder',
      version: squid.version,
    });
    let busy = true;
    let said = 0;
    const chatter = (async () => {
      first.bot.setControlState('forward', true);
      while (busy) {
        first.bot.chat(`building ${said++}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      first.bot.setControlState('forward', false);
    })();
    await output.wait(/<Builder> building 0$/);

    const backup = await backupThroughApi(t, owner, log, squid.uuid, { name: 'while playing' });
    busy = false;
    await chatter;
    expect(backup).toMatchObject({
      name: 'while playing',
      state: 'Ready',
      live: false,
      safety: false,
      made_by: { type: 'User', user_name: 'owner' },
    });
    expect(backup.entries).toBeGreaterThan(3);
    const saved = output.lines.findIndex((l) => l.endsWith(']: Saved the game'));
    const off = output.lines.findIndex((l) => l.endsWith(']: Automatic saving is now disabled'));
    const on = output.lines.findIndex((l) => l.endsWith(']: Automatic saving is now enabled'));
    expect(off).toBeGreaterThanOrEqual(0);
    expect(saved).toBeGreaterThan(off);
    expect(on).toBeGreaterThan(saved);
    expect(said).toBeGreaterThan(0);

    const refused = await t.request(
      'POST',
      `/instance/${squid.uuid}/backups/${backup.id}/restore`,
      {
        token: owner,
        body: {},
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      kind: 'BadRequest',
      causes: ['Instance must be stopped to restore a backup'],
    });

    await first.leave();
    await stop(squid.uuid);
    await writeFile(path.join(squid.dir, 'world', 'after-backup.txt'), 'changed later');
    await rm(levelDat);

    const restored = nextBackupEnd(log, squid.uuid, 120_000);
    const res = await t.request('POST', `/instance/${squid.uuid}/backups/${backup.id}/restore`, {
      token: owner,
      body: {},
    });
    expect(res.status, res.text).toBe(200);
    // Held while it runs: a start is refused with the reason.
    const start = await t.request('PUT', `/instance/${squid.uuid}/start`, { token: owner });
    if (start.status !== 200) {
      expect(start.json).toEqual({
        kind: 'BadRequest',
        causes: ['Cannot start an instance that is being restored'],
      });
    }
    const end = await restored;
    expect(end.success, end.message ?? '').toBe(true);
    expect(end.message).toMatch(
      /^Restored while playing; the replaced files are kept in the backup/,
    );
    expect(await readFile(levelDat)).toEqual(level);
    await expect(readFile(path.join(squid.dir, 'world', 'after-backup.txt'))).rejects.toThrow();
    const all = await list(squid.uuid);
    const safety = all.find((b) => b.safety);
    expect(safety).toMatchObject({ name: 'Before restoring while playing', state: 'Ready' });

    // The restored world loads: the server starts on it and a player spawns in it.
    if (t.core.ctx.instances.state(squid.uuid) !== 'Running')
      await startAndWaitRunning(t, owner, log, squid.uuid);
    const again = await joinBot({
      host: '127.0.0.1',
      port: squid.port,
      username: 'Returner',
      version: squid.version,
    });
    expect(again.bot.entity.position).toBeDefined();
    await again.leave();
    expect(await readFile(levelDat)).toEqual(level);
    output.close();
  }, 240_000);

  it('stop-then-restore stops a running server first', async () => {
    if (t.core.ctx.instances.state(squid.uuid) !== 'Running')
      await startAndWaitRunning(t, owner, log, squid.uuid);
    const [backup] = (await list(squid.uuid)).filter((b) => !b.safety);
    const stopped = log.next(isState(squid.uuid, 'Stopped'), 'Stopped');
    const ended = nextBackupEnd(log, squid.uuid, 120_000);
    const res = await t.request('POST', `/instance/${squid.uuid}/backups/${backup!.id}/restore`, {
      token: owner,
      body: { stop_first: true },
    });
    expect(res.status, res.text).toBe(200);
    await stopped;
    expect((await ended).success).toBe(true);
    expect(t.core.ctx.instances.state(squid.uuid)).toBe('Stopped');
  }, 120_000);
});

describe('downloads, retention and excludes', () => {
  it('downloads through a key bound to its user, re-checked at download time', async () => {
    const backup = await backupThroughApi(t, owner, log, squid.uuid, { name: 'to download' });
    const reader = await t.createUser(owner, 'reader');
    const perms = { ...emptyPermissions(), can_read_instance_file: [squid.uuid] };
    const grant = await t.request('PUT', `/user/${reader.uid}/update_perm`, {
      token: owner,
      body: perms,
    });
    expect(grant.status, grant.text).toBe(200);
    const keyRes = await t.request('GET', `/instance/${squid.uuid}/backups/${backup.id}/url`, {
      token: reader.token,
    });
    expect(keyRes.status, keyRes.text).toBe(200);
    const download = await fetch(`${t.api}/file/${keyRes.text}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /Backed Up-.*-to download\.tar\.gz/,
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(backup.size_bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(backup.sha256);

    await t.request('PUT', `/user/${reader.uid}/update_perm`, {
      token: owner,
      body: emptyPermissions(),
    });
    const refused = await fetch(`${t.api}/file/${keyRes.text}`);
    expect(refused.status).toBe(404);
    await refused.arrayBuffer();
    const none = await t.request('GET', `/instance/${squid.uuid}/backups/${backup.id}/url`, {
      token: reader.token,
    });
    expect(none.status).toBe(403);
  }, 120_000);

  it('keeps the newest N unlocked backups; a locked one is exempt until unlocked', async () => {
    for (const b of await list(squid.uuid)) {
      if (b.locked)
        await t.request('PUT', `/instance/${squid.uuid}/backups/${b.id}`, {
          token: owner,
          body: { locked: false },
        });
      await t.request('DELETE', `/instance/${squid.uuid}/backups/${b.id}`, { token: owner });
    }
    const settings = await t.request('PUT', `/instance/${squid.uuid}/backup_settings`, {
      token: owner,
      body: { retention: { keep_last: 2, max_age_days: null, max_total_gib: null } },
    });
    expect(BackupSettingsSchema.parse(settings.json).retention.keep_last).toBe(2);
    const kept = await backupThroughApi(t, owner, log, squid.uuid, { name: 'keep', locked: true });
    await backupThroughApi(t, owner, log, squid.uuid, { name: 'one' });
    await backupThroughApi(t, owner, log, squid.uuid, { name: 'two' });
    await backupThroughApi(t, owner, log, squid.uuid, { name: 'three' });
    expect((await list(squid.uuid)).map((b) => b.name).sort()).toEqual(['keep', 'three', 'two']);

    const locked = await t.request('DELETE', `/instance/${squid.uuid}/backups/${kept.id}`, {
      token: owner,
    });
    expect(locked.json).toEqual({
      kind: 'BadRequest',
      causes: ['Backup is locked', 'Unlock it before deleting it'],
    });
    await t.request('PUT', `/instance/${squid.uuid}/backups/${kept.id}`, {
      token: owner,
      body: { locked: false, name: 'renamed' },
    });
    const gone = await t.request('DELETE', `/instance/${squid.uuid}/backups/${kept.id}`, {
      token: owner,
    });
    expect(gone.status).toBe(200);
    expect((await list(squid.uuid)).map((b) => b.name).sort()).toEqual(['three', 'two']);

    // The event log (category backups; webhooks that chose backups follow it) says what happened.
    const logged = async () => {
      const res = await t.request(
        'GET',
        `/activity/search?kind=backups&instance=${encodeURIComponent(squid.uuid)}`,
        { token: owner },
      );
      return LogPageSchema.parse(res.json).entries.flatMap((e) =>
        e.source === 'activity' && e.activity.type === 'BackupActivity'
          ? [`${e.activity.action} ${e.activity.backup_name} by ${e.caused_by.type}`]
          : [],
      );
    };
    await expect.poll(logged, { timeout: 10_000 }).toContain('deleted renamed by User');
    const entries = await logged();
    expect(entries).toContain('deleted one by System');
    expect(entries).toContain('created three by User');
    await t.request('PUT', `/instance/${squid.uuid}/backup_settings`, {
      token: owner,
      body: { retention: { keep_last: null, max_age_days: null, max_total_gib: null } },
    });
  }, 180_000);

  it('leaves out what the exclude patterns name', async () => {
    await mkdir(path.join(squid.dir, 'logs'), { recursive: true });
    await writeFile(path.join(squid.dir, 'logs', 'latest.log'), 'log');
    await writeFile(path.join(squid.dir, 'scratch.tmp'), 'tmp');
    await writeFile(path.join(squid.dir, 'keep.txt'), 'keep');
    await t.request('PUT', `/instance/${squid.uuid}/backup_settings`, {
      token: owner,
      body: { excludes: 'logs/\n*.tmp\n' },
    });
    const backup = await backupThroughApi(t, owner, log, squid.uuid);
    const file = path.join(t.dataDir, 'backups', squid.uuid, `${backup.id}.tar.gz`);
    const names: string[] = [];
    await tar.t({ file, onReadEntry: (entry) => void names.push(entry.path) });
    expect(names).toContain('keep.txt');
    expect(names).toContain('hearth-squid.json');
    expect(names.filter((n) => n.startsWith('logs') || n.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('deleting the instance deletes its backups', async () => {
    const other = await createSquid(t, owner, log, 'Short Lived');
    await backupThroughApi(t, owner, log, other.uuid);
    const folder = path.join(t.dataDir, 'backups', other.uuid);
    expect((await readdir(folder)).length).toBe(1);
    const res = await t.request('DELETE', `/instance/${other.uuid}`, { token: owner });
    expect(res.status, res.text).toBe(200);
    await expect.poll(() => readdir(folder).catch(() => null), { timeout: 20_000 }).toBeNull();
    expect(t.core.ctx.backups.list(other.uuid)).toEqual([]);
  }, 120_000);
});

describe('the test clock route', () => {
  it('does not exist in a core started without HEARTH_TEST_CLOCK', async () => {
    const res = await t.request('POST', '/test/clock/advance', { token: owner, body: { ms: 1 } });
    expect(res.status).toBe(404);
  });
});
