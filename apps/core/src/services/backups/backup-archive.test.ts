import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdir,
  mkdtemp,
  open,
  readFile,
  readdir,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractArchive } from '../files/archive-extract.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import { snapshotTree } from '../files/test-helpers.ts';
import { writeBackupArchive } from './backup-archive.ts';
import { buildExcluder } from './backup-excludes.ts';

let base: string;
let root: string;
let out: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hearth-backup-archive-')));
  root = path.join(base, 'instance');
  out = path.join(base, 'backups');
  await mkdir(root);
  await mkdir(out);
  await mkdir(path.join(base, 'outside'));
  await writeFile(path.join(base, 'outside', 'secret.txt'), 'outside secret');
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function extract(archive: string, into: string): Promise<void> {
  await mkdir(into);
  const handle = await open(archive, 'r');
  try {
    await extractArchive(handle, 'tar.gz', 'x', new FileSandbox(into), {
      maxBytes: 1 << 30,
      maxEntries: 100_000,
    });
  } finally {
    await handle.close();
  }
}

describe('writeBackupArchive', () => {
  it('stores files and folders (long and non-ASCII names too), skips links and FIFOs, and extracts through the sandbox', async () => {
    const longName = `${'a'.repeat(120)}/${'b'.repeat(120)}.txt`;
    await mkdir(path.join(root, 'world', 'region'), { recursive: true });
    await mkdir(path.join(root, 'empty'));
    await mkdir(path.join(root, 'a'.repeat(120)));
    await writeFile(path.join(root, 'world', 'level.dat'), randomBytes(70_000));
    await writeFile(path.join(root, 'world', 'region', 'r.0.0.mca'), Buffer.alloc(300_000, 7));
    await writeFile(path.join(root, 'server.properties'), 'motd=hi\n');
    await writeFile(path.join(root, 'ünïcødé ✓.txt'), 'names survive');
    await writeFile(path.join(root, longName), 'long paths survive');
    await writeFile(path.join(root, 'zero'), '');
    await symlink(path.join(base, 'outside', 'secret.txt'), path.join(root, 'escape.txt'));
    await symlink(path.join(base, 'outside'), path.join(root, 'escape-dir'));
    await symlink('server.properties', path.join(root, 'inside-link'));
    execFileSync('mkfifo', [path.join(root, 'pipe')]);

    const archive = path.join(out, 'b.tar.gz');
    const stats = await writeBackupArchive({ root, excluded: buildExcluder(''), output: archive });

    expect(stats.skipped).toBe(4);
    const bytes = await readFile(archive);
    expect(stats.sizeBytes).toBe(bytes.byteLength);
    expect(stats.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(stats.uncompressedBytes).toBe(70_000 + 300_000 + 8 + 13 + 18);
    expect(await readdir(out)).toEqual(['b.tar.gz']);

    const restored = path.join(base, 'restored');
    await extract(archive, restored);
    await rm(path.join(root, 'pipe')); // the snapshot helper would block reading it
    const expected = await snapshotTree(root);
    for (const key of ['escape.txt', 'escape-dir', 'inside-link']) delete expected[key];
    expect(await snapshotTree(restored)).toEqual(expected);

    // GNU tar reads it too, in name order, directories before their contents.
    const listing = execFileSync('tar', ['tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toContain(longName);
    expect(listing.indexOf('world/')).toBeLessThan(listing.indexOf('world/level.dat'));
    expect(listing.indexOf('world/level.dat')).toBeLessThan(listing.indexOf('world/region/'));
  });

  it('leaves out excluded paths and Hearth temp files', async () => {
    await mkdir(path.join(root, 'logs'));
    await mkdir(path.join(root, 'world'));
    await writeFile(path.join(root, 'logs', 'latest.log'), 'log');
    await writeFile(path.join(root, 'world', 'level.dat'), 'level');
    await writeFile(path.join(root, 'world', 'session.tmp'), 'tmp');
    await writeFile(path.join(root, '.hearth-tmp-00112233aabbccdd'), 'half upload');
    const archive = path.join(out, 'b.tar.gz');
    const stats = await writeBackupArchive({
      root,
      excluded: buildExcluder('logs/\n*.tmp\n'),
      output: archive,
    });
    const restored = path.join(base, 'restored');
    await extract(archive, restored);
    expect(await snapshotTree(restored)).toEqual({ world: '<dir>', 'world/level.dat': 'level' });
    expect(stats.entries).toBe(2);
  });

  it('removes its temp file and leaves no archive when the folder cannot be read', async () => {
    const archive = path.join(out, 'b.tar.gz');
    await expect(
      writeBackupArchive({
        root: path.join(base, 'missing'),
        excluded: buildExcluder(''),
        output: archive,
      }),
    ).rejects.toThrow();
    expect(await readdir(out)).toEqual([]);
  });

  it('keeps memory flat: one chunk per file in flight', async () => {
    await writeFile(path.join(root, 'big.bin'), randomBytes(8 * 1024 * 1024));
    const archive = path.join(out, 'b.tar.gz');
    let calls = 0;
    let largest = 0;
    let last = 0;
    await writeBackupArchive({
      root,
      excluded: buildExcluder(''),
      output: archive,
      onBytes: (n) => {
        calls++;
        largest = Math.max(largest, n);
        last += n;
      },
    });
    expect(last).toBe(8 * 1024 * 1024);
    expect(largest).toBeLessThanOrEqual(256 * 1024);
    expect(calls).toBeGreaterThanOrEqual(32);
    expect((await stat(archive)).size).toBeGreaterThan(8 * 1024 * 1024);
  });
});
