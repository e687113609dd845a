import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DotLodestoneConfig } from '@hearth/protocol';
import { openDatabase, type Db } from '../db/database.ts';
import { DbWrites } from '../db/db-writes.ts';
import { createLogger } from '../lib/logger.ts';
import { InstanceRepository, type InstanceRecord } from './instance-repository.ts';
import { SandboxUidRepository } from './sandbox-uid-repository.ts';

let dir: string;
let db: Db;
let slots: SandboxUidRepository;

const open = () => {
  db = openDatabase(path.join(dir, 'hearth.db'));
  slots = new SandboxUidRepository(db, new DbWrites(createLogger('silent')));
};

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-sandbox-uids-'));
  open();
});

afterEach(async () => {
  db.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('SandboxUidRepository', () => {
  it('gives each owner a slot of its own, the same on every ask', async () => {
    const [a, b, aAgain] = await Promise.all([
      slots.slotOf('INSTANCE_a'),
      slots.slotOf('INSTANCE_b'),
      slots.slotOf('INSTANCE_a'),
    ]);
    expect(a).toBeGreaterThanOrEqual(1);
    expect(b).not.toBe(a);
    expect(aAgain).toBe(a);
    expect(await slots.slotOf('INSTANCE_b')).toBe(b);
  });

  it('keeps the slots in the database: a restarted core finds the same ones', async () => {
    const a = await slots.slotOf('INSTANCE_a');
    const b = await slots.slotOf('INSTANCE_b');
    db.close();
    open();
    // Asked in the other order: the slot is stored, not worked out again.
    expect(await slots.slotOf('INSTANCE_b')).toBe(b);
    expect(await slots.slotOf('INSTANCE_a')).toBe(a);
  });

  it('never hands a released slot out again, not even after a restart', async () => {
    const a = await slots.slotOf('INSTANCE_a');
    const b = await slots.slotOf('INSTANCE_b');
    slots.release('INSTANCE_b');
    expect(slots.find('INSTANCE_b')).toBeNull();
    db.close();
    open();
    const c = await slots.slotOf('INSTANCE_c');
    expect([a, b]).not.toContain(c);
    expect(c).toBeGreaterThan(b);
  });
});

describe('InstanceRepository with sandbox slots', () => {
  const dot = (uuid: string): DotLodestoneConfig => ({
    game_type: 'Generic',
    uuid,
    creation_time: 1,
  });
  const record = (uuid: string): InstanceRecord => ({
    uuid,
    name: 'x',
    description: '',
    game: { type: 'Generic', game_name: 'x', game_display_name: 'x' },
    version: '1',
    port: 1,
    creation_time: 1,
    auto_start: false,
    restart_on_crash: false,
    handler: 'generic',
    data: {},
    limits: {},
  });

  it('releases an instance slot once its folder is gone, keeps it while the instance lives', async () => {
    const writes = new DbWrites(createLogger('silent'));
    const repo = new InstanceRepository(db, dir, writes, slots);
    const folder = await repo.createFolder('alpha');
    const slot = await slots.slotOf('INSTANCE_alpha');
    await repo.register(folder, dot('INSTANCE_alpha'), record('INSTANCE_alpha'));
    expect(slots.find('INSTANCE_alpha')).toBe(slot);
    await repo.remove('INSTANCE_alpha', folder);
    await expect(fs.stat(folder)).rejects.toThrow();
    expect(slots.find('INSTANCE_alpha')).toBeNull();
  });

  it('gives an instance its slot when it is registered, so a start never has to write', async () => {
    const repo = new InstanceRepository(db, dir, new DbWrites(createLogger('silent')), slots);
    const folder = await repo.createFolder('gamma');
    expect(slots.find('INSTANCE_gamma')).toBeNull();
    await repo.register(folder, dot('INSTANCE_gamma'), record('INSTANCE_gamma'));
    expect(slots.find('INSTANCE_gamma')).toBeGreaterThanOrEqual(1);
    // One its install took before is kept, not replaced.
    const early = await slots.slotOf('INSTANCE_delta');
    await repo.register(
      await repo.createFolder('delta'),
      dot('INSTANCE_delta'),
      record('INSTANCE_delta'),
    );
    expect(slots.find('INSTANCE_delta')).toBe(early);
  });

  it('gives instances registered before that their slot when the database is upgraded', async () => {
    const repo = new InstanceRepository(db, dir, new DbWrites(createLogger('silent')), slots);
    await repo.register(
      await repo.createFolder('old'),
      dot('INSTANCE_old'),
      record('INSTANCE_old'),
    );
    // As a core before migration 020 left it: the instance without a slot.
    db.prepare('DELETE FROM sandbox_uids').run();
    db.prepare('DELETE FROM schema_migrations WHERE version = 20').run();
    db.close();
    open();
    expect(slots.find('INSTANCE_old')).toBeGreaterThanOrEqual(1);
  });

  it('releases the slot of a failed creation with its folder', async () => {
    const repo = new InstanceRepository(db, dir, new DbWrites(createLogger('silent')), slots);
    const folder = await repo.createFolder('beta');
    await slots.slotOf('INSTANCE_beta');
    await repo.removeFolder(folder, 'INSTANCE_beta');
    expect(slots.find('INSTANCE_beta')).toBeNull();
  });
});
