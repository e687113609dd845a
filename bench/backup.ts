// Backup of an instance folder: BENCH_BACKUP_MB (default 1024) of mixed files — half compressible
// (log- and config-like text), half incompressible (random bytes, like compressed region files) —
// archived by the core's BackupService (streamed tar + gzip, sha256 while writing) against
// `tar czf` of the same folder on the same disk. Prints MB/s, the ratio, archive sizes, and the RSS
// of this process (the service runs in it) sampled every 100 ms. Also gzip level 1 for comparison,
// and `tar --zstd` when the zstd tool is installed (the core has no zstd: Node 20's zlib lacks it).
// Figures only: it never fails on a time.
//
//   npx tsx bench/backup.ts          (BENCH_BACKUP_MB=1024)
import { spawnSync } from 'node:child_process';
import { randomBytes, randomFillSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/core/src/db/database.ts';
import { DbWrites } from '../apps/core/src/db/db-writes.ts';
import { EventBus } from '../apps/core/src/events/event-bus.ts';
import { createLogger } from '../apps/core/src/lib/logger.ts';
import { BackupRepository } from '../apps/core/src/repositories/backup-repository.ts';
import { BackupService } from '../apps/core/src/services/backups/backup-service.ts';
import type { BackupTarget } from '../apps/core/src/services/backups/backup-target.ts';

const MiB = 1024 * 1024;
const SIZE = Math.max(8, Number(process.env.BENCH_BACKUP_MB ?? 1024)) * MiB;
const UUID = 'bench-backup';

function textChunk(bytes: number): Buffer {
  const words = ['chunk', 'entity', 'player', 'saved', 'tick', 'region', 'INFO', 'WARN', 'level'];
  const lines: string[] = [];
  let length = 0;
  while (length < bytes) {
    const line = `[12:${String(lines.length % 60).padStart(2, '0')}:00] [Server thread/INFO]: ${words[lines.length % words.length]} ${randomBytes(6).toString('hex')} at ${lines.length}\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, bytes);
}

/** Half the bytes in 4–12 MiB random "region" files, half in 16 KiB–1 MiB text files. */
async function makeTree(root: string): Promise<number> {
  let written = 0;
  let files = 0;
  const half = SIZE / 2;
  const random = Buffer.alloc(12 * MiB);
  for (let i = 0; written < half; i++) {
    const size = Math.min(half - written, (4 + (i % 9)) * MiB);
    randomFillSync(random, 0, size);
    const dir = path.join(root, 'world', 'region');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, `r.${i}.0.mca`), random.subarray(0, size));
    written += size;
    files++;
  }
  const text = textChunk(MiB);
  for (let i = 0; written < SIZE; i++) {
    const size = Math.min(SIZE - written, 16 * 1024 * (1 + (i % 64)));
    const dir = path.join(root, i % 2 === 0 ? 'logs' : `plugins/p${i % 20}`);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, `f${i}.txt`), text.subarray(0, size));
    written += size;
    files++;
  }
  return files;
}

async function timed(work: () => Promise<void> | void): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

function tarTimed(args: string[], cwd: string): Promise<number> {
  return timed(() => {
    const result = spawnSync('tar', args, { cwd });
    if (result.status !== 0) throw new Error(`tar failed: ${result.stderr.toString()}`);
  });
}

export default async function run(): Promise<void> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-backup-'));
  const dataDir = path.join(scratch, 'data');
  const root = path.join(dataDir, 'instances', 'bench');
  const db = openDatabase(path.join(dataDir, 'hearth.db'));
  const events = new EventBus(null, createLogger('silent'));
  try {
    await fs.mkdir(root, { recursive: true });
    const files = await makeTree(root);
    const mb = SIZE / MiB;
    const rate = (seconds: number) => (mb / seconds).toFixed(0).padStart(5);
    const size = async (file: string) => ((await fs.stat(file)).size / MiB).toFixed(0);

    const tarOut = path.join(scratch, 'tar.tar.gz');
    const tarSeconds = await tarTimed(['czf', tarOut, '.'], root);
    const tarSize = await size(tarOut);
    await fs.rm(tarOut);
    let zstd: { seconds: number; size: string } | null = null;
    if (spawnSync('zstd', ['--version']).status === 0) {
      const zstdOut = path.join(scratch, 'tar.tar.zst');
      const seconds = await tarTimed(['--zstd', '-cf', zstdOut, '.'], root);
      zstd = { seconds, size: await size(zstdOut) };
      await fs.rm(zstdOut);
    }

    const target: BackupTarget = {
      uuid: UUID,
      name: 'bench',
      dir: root,
      isRunning: () => false,
      sendCommand: () => undefined,
      stop: async () => undefined,
      waitForLine: async () => false,
      saveHooks: null,
      hold: () => () => undefined,
    };
    const figures: { level: number; seconds: number; size: string; peak: number; base: number }[] =
      [];
    for (const level of [6, 1]) {
      const service = new BackupService({
        dataDir,
        repository: new BackupRepository(db, new DbWrites(createLogger('silent'))),
        events,
        targets: { get: () => target },
        log: { warn: () => undefined, error: () => undefined },
        gzipLevel: level,
      });
      const base = process.memoryUsage().rss;
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const started = performance.now();
      const job = await service.create(UUID, { name: `level ${level}` }, { type: 'System' });
      const made = await job.done.finally(() => clearInterval(sampler));
      const seconds = (performance.now() - started) / 1000;
      figures.push({ level, seconds, size: (made.size_bytes / MiB).toFixed(0), peak, base });
      await service.delete(UUID, made.id);
    }

    console.log(
      `backup — ${mb} MiB in ${files} files (half random, half text), ${os.cpus().length} CPUs: ${os.cpus()[0]?.model ?? '?'}`,
    );
    console.log(
      `  tar czf (gzip -6)          : ${rate(tarSeconds)} MB/s (${tarSeconds.toFixed(2)} s), ${tarSize} MiB`,
    );
    if (zstd)
      console.log(
        `  tar --zstd (for reference) : ${rate(zstd.seconds)} MB/s (${zstd.seconds.toFixed(2)} s), ${zstd.size} MiB`,
      );
    for (const f of figures) {
      console.log(
        `  Hearth backup, gzip ${f.level}     : ${rate(f.seconds)} MB/s (${f.seconds.toFixed(2)} s), ${f.size} MiB — ${(tarSeconds / f.seconds).toFixed(2)}x tar czf; RSS ${(f.base / MiB).toFixed(0)} → ${(f.peak / MiB).toFixed(0)} MiB peak (+${((f.peak - f.base) / MiB).toFixed(0)})`,
      );
    }
  } finally {
    events.close();
    db.close();
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

if (
  process.argv[1] !== undefined &&
  pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url
)
  await run();
