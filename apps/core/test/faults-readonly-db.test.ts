// Issue 25, item 6: a database the core cannot write (here: hearth.db bind-mounted read-only onto
// itself, which binds root too) is found at boot. The core still starts and answers reads, shows a
// standing warning to the owner on every page (GET /system/warnings, like the isolation warning),
// and a change says "The database is read-only"; with --strict it refuses to start instead.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientErrorSchema, apiPaths } from '@hearth/protocol';
import { z } from 'zod';
import { killAllCores, spawnCore } from './core-process.ts';
import { parseConfig } from '../src/config.ts';
import { bindReadOnly, unmount } from './faults-helpers.ts';
import { startFilesCore } from './files-helpers.ts';
import { startTestCore, type TestCore } from './helpers.ts';

let dataDir: string;
let database: string;
let owner: string;
let uuid: string;
let scratch: string;
let mounted: string | null = null;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-readonly-db-'));
  database = path.join(dataDir, 'hearth.db');
  // A core with an owner and one instance, stopped; then its database is made read-only.
  const first = await startFilesCore(undefined, dataDir);
  ({ owner, uuid, scratch } = first);
  first.log.close();
  await first.t.close();
  try {
    await bindReadOnly(database);
    mounted = database;
  } catch (err) {
    console.warn(
      `faults-readonly-db: skipped, hearth.db could not be made read-only (${err instanceof Error ? err.message : String(err)})`,
    );
  }
});

// Hooks run in reverse: cores stop first, then the mount and the folder go.
afterAll(async () => {
  if (mounted !== null) await unmount(mounted);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});
afterAll(async () => {
  await killAllCores();
});

describe('a read-only database at boot', () => {
  it('is a standing warning for the owner, and a change names the cause', async (ctx) => {
    if (mounted === null) return ctx.skip();
    let t: TestCore | null = null;
    try {
      t = await startTestCore({}, dataDir);
      const info = await t.request('GET', '/info');
      expect(info.status, info.text).toBe(200);
      const warnings = await t.request('GET', apiPaths.systemWarnings(), { token: owner });
      expect(warnings.status, warnings.text).toBe(200);
      expect(z.array(z.string()).parse(warnings.json)).toContainEqual(
        expect.stringMatching(/^The database cannot be written \(The database is read-only\)/),
      );
      const changes = [
        ['PUT', '/global_settings/name', 'Renamed'],
        ['PUT', apiPaths.instanceDescription(uuid), 'A new description'],
        [
          'POST',
          apiPaths.scheduleCreate(uuid),
          {
            description: 'nightly',
            enabled: true,
            only_when_running: false,
            continue_on_failure: false,
            trigger: { type: 'Interval', every_seconds: 3600 },
            steps: [{ type: 'Command', command: 'say hi' }],
          },
        ],
        ['POST', apiPaths.backupCreate(uuid), { name: 'nightly' }],
      ] as const;
      for (const [method, route, body] of changes) {
        const res = await t.request(method, route, { token: owner, body });
        expect(res.status, `${method} ${route}: ${res.text}`).toBe(500);
        expect(ClientErrorSchema.parse(res.json).causes).toEqual(['The database is read-only']);
      }
    } finally {
      await t?.close();
    }
  });

  it('with --strict, the core refuses to start and says why', async (ctx) => {
    if (mounted === null) return ctx.skip();
    const refused = await spawnCore(dataDir, { args: ['--strict'] }).then(
      () => null,
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
    expect(refused).toMatch(/core exited \(1\) before listening/);
    expect(refused).toMatch(/The database cannot be written \(The database is read-only\)/);
    expect(refused).toMatch(/--strict/);
  });
});

describe('a read-only database that needs a migration', () => {
  it('the core refuses to start and says why, in words', async (ctx) => {
    if (mounted === null) return ctx.skip();
    // The database as a core before migration 013 left it.
    await unmount(mounted);
    mounted = null;
    const db = new Database(database);
    db.exec('ALTER TABLE backups DROP COLUMN failure');
    db.exec('ALTER TABLE backup_restores DROP COLUMN caused_by');
    db.prepare('DELETE FROM schema_migrations WHERE version = 13').run();
    db.close();
    await bindReadOnly(database);
    mounted = database;
    await expect(startTestCore({}, dataDir)).rejects.toThrow(
      /^The database cannot be opened and brought up to date \(The database is read-only\)/,
    );
  });
});

describe('the --strict option', () => {
  it('is a switch (no value), or HEARTH_STRICT; off by default; a flag wins', () => {
    expect(parseConfig([], {}, '/tmp').strict).toBeUndefined();
    expect(parseConfig(['--strict'], {}, '/tmp').strict).toBe(true);
    expect(parseConfig(['--strict', '--port', '0'], {}, '/tmp')).toMatchObject({
      strict: true,
      port: 0,
    });
    expect(parseConfig([], { HEARTH_STRICT: '1' }, '/tmp').strict).toBe(true);
    expect(parseConfig([], { HEARTH_STRICT: 'off' }, '/tmp').strict).toBe(false);
    expect(parseConfig(['--strict=off'], { HEARTH_STRICT: 'on' }, '/tmp').strict).toBe(false);
    expect(() => parseConfig([], { HEARTH_STRICT: 'maybe' }, '/tmp')).toThrow(
      /Invalid strict \(on or off\): maybe/,
    );
  });
});
