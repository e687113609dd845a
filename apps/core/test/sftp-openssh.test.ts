// Issue 28: SFTP with Debian's OpenSSH `sftp` client in batch mode against a real core, signed in
// with keys added through the Profile's API. Put / get / ls / rename / rm as a user with and without
// write permission, escapes through `..` and links, protected paths and macro code, and keys that
// must be refused. Every refusal leaves the instance folder (and everything outside it) unchanged.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotTree } from '../src/services/files/test-helpers.ts';
import { fsEventsAfter, listTree } from './files-helpers.ts';
import {
  addKey,
  makeKey,
  onPath,
  sftpBatch,
  sftpInfo,
  startSftpCore,
  type SftpCore,
  type SftpRun,
} from './sftp-helpers.ts';

let sc: SftpCore;
let local: string;
const users: Record<string, { uid: string; token: string; key: string }> = {};
const at = (...parts: string[]) => path.join(sc.root, ...parts);
const as = (who: string, commands: string[]) =>
  sftpBatch(sc, sc.login(who), users[who]!.key, commands, local);
const digest = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');

/** A failed batch: non-zero exit and the client's message. */
function refused(run: SftpRun, message: RegExp): void {
  expect(run.code, run.stdout + run.stderr).not.toBe(0);
  expect(run.stderr).toMatch(message);
}

/** Runs each command alone as `who`: every one is refused, and the instance folder stays as it was. */
async function allRefused(who: string, commands: string[]): Promise<void> {
  const before = await snapshotTree(sc.root);
  for (const command of commands) refused(await as(who, [command]), /Permission denied/);
  expect(await snapshotTree(sc.root)).toEqual(before);
}

// Debian's openssh-client provides `sftp` (.ci/run installs it); without it this suite is skipped
// and says why, while sftp-sessions.test.ts (ssh2's own client) always runs.
const HAS_SFTP = onPath('sftp');
const SUITE = HAS_SFTP
  ? 'OpenSSH sftp client'
  : 'OpenSSH sftp client — SKIPPED: no `sftp` on the PATH (apt-get install openssh-client)';

describe.skipIf(!HAS_SFTP)(SUITE, () => {
  beforeAll(async () => {
    sc = await startSftpCore();
    local = path.join(sc.scratch, 'local');
    await fs.mkdir(local);
    const roles = {
      writer: { can_read_instance_file: [sc.uuid], can_write_instance_file: [sc.uuid] },
      reader: { can_read_instance_file: [sc.uuid] },
      trusted: {
        can_read_instance_file: [sc.uuid],
        can_write_instance_file: [sc.uuid],
        can_write_global_file: true,
      },
      nobody: {},
    };
    for (const [name, perms] of Object.entries(roles)) {
      const user = await sc.t.createUser(sc.owner, name);
      await sc.t.grant(sc.owner, user.uid, perms);
      const key = await makeKey(sc.keyDir, name);
      await addKey(sc, user.token, `${name}'s laptop`, key.pub);
      users[name] = { ...user, key: key.file };
    }
    await fs.writeFile(at('notes.txt'), 'notes');
    await fs.writeFile(at('server.jar'), 'jar');
    await fs.mkdir(at('world'));
    await fs.writeFile(at('world', 'level.dat'), 'level');
    await fs.mkdir(at('mods'));
    await fs.mkdir(at('macros'));
    await fs.writeFile(path.join(sc.outside, 'secret.txt'), 'outside secret');
    await fs.symlink(path.join(sc.outside, 'secret.txt'), at('out-file'));
    await fs.symlink(sc.outside, at('out-dir'));
    await fs.symlink('notes.txt', at('inner-link.txt'));
    await fs.symlink('server.jar', at('jar-link.txt'));
    await fs.writeFile(path.join(local, 'upload.txt'), 'uploaded by sftp');
    await fs.writeFile(path.join(local, 'evil.jar'), 'not a jar');
    await fs.writeFile(path.join(local, 'task.ts'), 'export default () => {}');
  }, 120_000);

  afterAll(async () => {
    await sc?.close();
  });

  describe('the Profile and GET /sftp', () => {
    it('lists an account per instance the user may read, with its username and write access', async () => {
      const writer = await sftpInfo(sc, users.writer!.token);
      expect(writer).toMatchObject({
        enabled: true,
        port: sc.port,
        listening: true,
        problem: null,
      });
      expect(writer.host_key_fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
      expect(writer.accounts).toEqual([
        {
          instance_uuid: sc.uuid,
          instance_name: 'Files',
          username: sc.login('writer'),
          writable: true,
        },
      ]);
      expect((await sftpInfo(sc, users.reader!.token)).accounts[0]?.writable).toBe(false);
      expect((await sftpInfo(sc, users.nobody!.token)).accounts).toEqual([]);
    });
  });

  describe('a user with write permission', () => {
    it('puts, lists, gets, renames and removes files; each write is an FSEvent in their name', async () => {
      const from = sc.log.events.length;
      const big = path.join(local, 'big.bin');
      const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
      await fs.writeFile(big, bytes);
      const run = await as('writer', [
        'put upload.txt',
        'put big.bin world/big.bin',
        'ls -l',
        'ls world',
        'get world/big.bin back.bin',
        'rename upload.txt world/moved.txt',
        'mkdir plugins',
        'rm world/big.bin',
        'rmdir plugins',
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/-rw-r--r-- +1 hearth +hearth +16 .* upload\.txt/);
      expect(run.stdout).toMatch(/drwxr-xr-x .* world/);
      expect(run.stdout).toContain('world/big.bin');
      expect(await digest(path.join(local, 'back.bin'))).toBe(await digest(big));
      expect(await fs.readFile(at('world', 'moved.txt'), 'utf8')).toBe('uploaded by sftp');
      expect(await listTree(at('world'))).toEqual(['level.dat', 'moved.txt']);
      await expect(fs.stat(at('plugins'))).rejects.toThrow();
      const events = fsEventsAfter(sc.log, from);
      expect(events).toEqual(
        expect.arrayContaining([
          { operation: 'Upload', target: { type: 'File', path: at('upload.txt') } },
          { operation: 'Upload', target: { type: 'File', path: at('world', 'big.bin') } },
          { operation: 'Download', target: { type: 'File', path: at('world', 'big.bin') } },
          {
            operation: { Move: { source: at('upload.txt') } },
            target: { type: 'File', path: at('world', 'moved.txt') },
          },
          { operation: 'Create', target: { type: 'Directory', path: at('plugins') } },
          { operation: 'Delete', target: { type: 'File', path: at('world', 'big.bin') } },
          { operation: 'Delete', target: { type: 'Directory', path: at('plugins') } },
        ]),
      );
      const writes = sc.log.events
        .slice(from)
        .filter((e) => e.event_inner.type === 'FSEvent' && e.event_inner.operation !== 'Read');
      for (const e of writes)
        expect(e.caused_by).toEqual({
          type: 'User',
          user_id: users.writer!.uid,
          user_name: 'writer',
        });
    });

    it('a rename onto an existing file is refused (SFTP v3), and an overwrite by put replaces it', async () => {
      await fs.writeFile(at('a.txt'), 'a');
      await fs.writeFile(at('b.txt'), 'b');
      refused(await as('writer', ['rename a.txt b.txt']), /already exists|Failure/);
      expect(await fs.readFile(at('b.txt'), 'utf8')).toBe('b');
      const run = await as('writer', ['put upload.txt b.txt']);
      expect(run.code, run.stderr).toBe(0);
      expect(await fs.readFile(at('b.txt'), 'utf8')).toBe('uploaded by sftp');
      expect((await fs.readdir(sc.root)).filter((n) => n.startsWith('.hearth-tmp'))).toEqual([]);
    });
  });

  describe('a user without write permission', () => {
    it('lists and gets, and is refused put, rm, rename, mkdir and rmdir with nothing changed', async () => {
      const ok = await as('reader', ['ls', 'get notes.txt reader-copy.txt']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('notes.txt');
      expect(await fs.readFile(path.join(local, 'reader-copy.txt'), 'utf8')).toBe('notes');
      await allRefused('reader', [
        'put upload.txt',
        'put upload.txt notes.txt',
        'rm notes.txt',
        'rename notes.txt renamed.txt',
        'mkdir newdir',
        'rmdir world',
      ]);
    });

    it('a listing shows a read-only user read-only modes', async () => {
      const run = await as('reader', ['ls -l']);
      expect(run.stdout).toMatch(/-r--r--r-- .* notes\.txt/);
      expect(run.stdout).toMatch(/dr-xr-xr-x .* world/);
    });
  });

  describe('escapes', () => {
    it('`..` never leaves the instance folder: it stops at its top, as in a chroot', async () => {
      const before = await snapshotTree(sc.scratch);
      const run = await as('writer', [
        'cd ..',
        'pwd',
        'ls ../../..',
        '-get ../../../../etc/hostname escaped.txt',
        '-get /etc/passwd escaped2.txt',
        'put upload.txt ../../../escape.txt',
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Remote working directory: /');
      expect(run.stdout).toContain('notes.txt');
      expect(run.stderr).toMatch(/not found|No such file/);
      await expect(fs.stat(path.join(local, 'escaped.txt'))).rejects.toThrow();
      await expect(fs.stat(path.join(local, 'escaped2.txt'))).rejects.toThrow();
      // The upload landed at the top of the instance, never above it.
      expect(await fs.readFile(at('escape.txt'), 'utf8')).toBe('uploaded by sftp');
      const after = await snapshotTree(sc.scratch);
      expect(after).toEqual(before);
      await fs.rm(at('escape.txt'));
    });

    it('links leading out are refused for reading, listing and writing through them', async () => {
      const before = await snapshotTree(sc.outside);
      // OpenSSH's client looks a file up before it gets it, and says "not found" when that fails.
      refused(await as('writer', ['get out-file stolen.txt']), /Permission denied|not found/);
      refused(await as('writer', ['ls out-dir']), /Permission denied|Can't ls/);
      refused(await as('writer', ['put upload.txt out-dir/planted.txt']), /Permission denied/);
      refused(await as('writer', ['put upload.txt out-file']), /Permission denied/);
      refused(
        await as('writer', ['get out-dir/secret.txt stolen.txt']),
        /Permission denied|not found/,
      );
      await expect(fs.stat(path.join(local, 'stolen.txt'))).rejects.toThrow();
      expect(await snapshotTree(sc.outside)).toEqual(before);
    });

    it('links are never made or read; a link inside the instance reads as its target', async () => {
      const before = await snapshotTree(sc.root);
      refused(await as('writer', ['symlink notes.txt made-link']), /unsupported/i);
      refused(await as('writer', ['ln -s /etc/passwd made-link']), /unsupported/i);
      expect(await snapshotTree(sc.root)).toEqual(before);
      const run = await as('writer', ['get inner-link.txt via-link.txt']);
      expect(run.code, run.stderr).toBe(0);
      expect(await fs.readFile(path.join(local, 'via-link.txt'), 'utf8')).toBe('notes');
    });
  });

  describe('protected paths and macro code', () => {
    it('a writer cannot upload, replace, remove or rename into protected files', async () => {
      await allRefused('writer', [
        'put evil.jar',
        'put upload.txt server.jar',
        'rm server.jar',
        'rename notes.txt notes.jar',
        'put upload.txt jar-link.txt',
      ]);
    });

    it('nor write under macros/ without the macro permission', async () => {
      refused(await as('writer', ['put task.ts macros/task.ts']), /Permission denied/);
      await expect(fs.stat(at('macros', 'task.ts'))).rejects.toThrow();
    });

    it('a user who may write global files may', async () => {
      const run = await as('trusted', ['put evil.jar plugin.jar']);
      expect(run.code, run.stderr).toBe(0);
      expect(await fs.readFile(at('plugin.jar'), 'utf8')).toBe('not a jar');
    });
  });

  describe('keys that must be refused', () => {
    const denied = /Permission denied \(publickey,password\)/;

    it('a key nobody added', async () => {
      const stranger = await makeKey(sc.keyDir, 'stranger');
      refused(await sftpBatch(sc, sc.login('writer'), stranger.file, ['ls'], local), denied);
    });

    it("another user's key", async () => {
      refused(await sftpBatch(sc, sc.login('writer'), users.reader!.key, ['ls'], local), denied);
    });

    it('a user without file permission on the instance, with their own key', async () => {
      refused(await as('nobody', ['ls']), denied);
    });

    it('an instance that does not exist, or a username without one', async () => {
      refused(await sftpBatch(sc, 'writer.00000000', users.writer!.key, ['ls'], local), denied);
      refused(await sftpBatch(sc, 'writer', users.writer!.key, ['ls'], local), denied);
    });

    it('a removed key', async () => {
      const spare = await makeKey(sc.keyDir, 'spare');
      const added = await addKey(sc, users.writer!.token, 'spare', spare.pub);
      const ok = await sftpBatch(sc, sc.login('writer'), spare.file, ['ls'], local);
      expect(ok.code, ok.stderr).toBe(0);
      const res = await sc.t.request('DELETE', `/ssh_keys/${added.id}`, {
        token: users.writer!.token,
      });
      expect(res.status, res.text).toBe(200);
      refused(await sftpBatch(sc, sc.login('writer'), spare.file, ['ls'], local), denied);
    });
  });
});
