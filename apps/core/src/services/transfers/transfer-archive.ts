import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeBackupArchive } from '../backups/backup-archive.ts';
import { buildExcluder } from '../backups/backup-excludes.ts';

// The archive a source core sends (issue 26): the backup format (a gzip tar of the instance
// folder, read through the file sandbox by writeBackupArchive), written to the core's own
// `transfers/` folder in the data directory so its sha256 is known before the first byte is sent.

export interface TransferArchive {
  file: string;
  sha256: string;
  size: number;
}

/** The folder of outgoing archives; emptied at start (an archive outlives no core). */
export async function resetTransfersFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Archives `root` (everything but what backups always leave out) into `dir`. */
export async function writeTransferArchive(
  root: string,
  dir: string,
  signal?: AbortSignal,
): Promise<TransferArchive> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.tar.gz`);
  const stats = await writeBackupArchive({
    root,
    excluded: buildExcluder(''),
    output: file,
    ...(signal ? { signal } : {}),
  });
  return { file, sha256: stats.sha256, size: stats.sizeBytes };
}

export function readTransferArchive(archive: TransferArchive): Readable {
  return createReadStream(archive.file);
}

export async function removeTransferArchive(archive: TransferArchive): Promise<void> {
  await rm(archive.file, { force: true });
}
