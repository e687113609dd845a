import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toCoreError } from '../errors.ts';
import { fsError } from './fs-error.ts';
import { storageFailure } from './storage-error.ts';

const withCode = (code: string) => Object.assign(new Error(`failed: ${code}`), { code });

describe('storageFailure', () => {
  it('names a full disk with 507, and read-only or failing storage with 500', () => {
    expect(storageFailure(withCode('ENOSPC'))).toEqual({
      reason: 'No space left on device',
      status: 507,
    });
    expect(storageFailure(withCode('EDQUOT'))?.status).toBe(507);
    expect(storageFailure(withCode('SQLITE_FULL'))).toEqual({
      reason: 'The database or disk is full',
      status: 507,
    });
    expect(storageFailure(withCode('SQLITE_READONLY_DBMOVED'))).toEqual({
      reason: 'The database is read-only',
      status: 500,
    });
    expect(storageFailure(withCode('SQLITE_IOERR_WRITE'))?.reason).toMatch(/disk I\/O error/);
    expect(storageFailure(withCode('EROFS'))?.reason).toBe('Read-only file system');
  });

  it('leaves everything else alone (a busy database is not a storage failure)', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_CONSTRAINT_UNIQUE', 'EACCES', 'SQLITE'])
      expect(storageFailure(withCode(code))).toBeNull();
    expect(storageFailure(new Error('no code'))).toBeNull();
    expect(storageFailure('text')).toBeNull();
  });

  it('is what the error handler and the file errors answer with', () => {
    const full = toCoreError(withCode('ENOSPC'));
    expect([full.kind, full.status, full.causes]).toEqual([
      'Internal',
      507,
      ['No space left on device'],
    ]);
    const file = fsError(withCode('ENOSPC'), 'Failed to write file');
    expect([file.status, file.causes]).toEqual([
      507,
      ['Failed to write file', 'No space left on device'],
    ]);
  });

  it('maps what better-sqlite3 really throws on a read-only database', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-storage-error-'));
    try {
      const file = path.join(dir, 'x.db');
      new Database(file).exec('CREATE TABLE t (x)').close();
      const db = new Database(file, { readonly: true });
      let thrown: unknown;
      try {
        db.prepare('INSERT INTO t VALUES (1)').run();
      } catch (err) {
        thrown = err;
      }
      db.close();
      expect(toCoreError(thrown).causes).toEqual(['The database is read-only']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
