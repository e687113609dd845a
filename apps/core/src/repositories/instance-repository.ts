import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  DotLodestoneConfigSchema,
  GameSchema,
  INSTANCE_CONFIG_FILE,
  ResourceLimitsSchema,
  type DotLodestoneConfig,
} from '@hearth/protocol';
import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';
import { CoreError } from '../errors.ts';
import { writeJsonAtomic } from '../lib/atomic-write.ts';
import { FileSandbox } from '../lib/file-sandbox.ts';
import type { SandboxUidRepository } from './sandbox-uid-repository.ts';

/** Hearth ≤ 0.5.1 kept its record in the folder; read once to import it, then never again. */
export const LEGACY_RECORD_FILE = '.hearth_instance.json';
/** Hearth ≤ 0.5.1's pid file: ignored (and removed) now that processes are recorded in SQLite. */
export const LEGACY_PID_FILE = '.hearth_pid.json';
/** Present while an instance is being installed; an unregistered folder holding it at boot is a leftover. */
export const CREATING_MARKER = '.hearth_creating';

export const InstanceRecordSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  game: GameSchema,
  version: z.string(),
  port: z.number().int().min(0).max(65535),
  creation_time: z.number(),
  auto_start: z.boolean(),
  restart_on_crash: z.boolean(),
  /** Which handler runs it, and that handler's data (launch settings, a definition's bundle, …). */
  handler: z.enum(['minecraft', 'generic']),
  data: z.record(z.string(), z.unknown()).default({}),
  /** Memory, CPU and process limits of its sandbox (absent = unlimited). */
  limits: z._default(ResourceLimitsSchema, {}),
});
export type InstanceRecord = z.output<typeof InstanceRecordSchema>;

/** The server process of a running instance, identified for good by pid + start time + executable. */
export const ProcessRecordSchema = z.object({
  pid: z.number().int().positive(),
  /** /proc start time of that pid, so a recycled pid is never mistaken for our server. */
  start_ticks: z.string().nullable(),
  /** The executable the kernel reports for it (`/proc/<pid>/exe`), when readable. */
  exe: z.string().nullable(),
  started_at: z.number(),
});
export type ProcessRecord = z.output<typeof ProcessRecordSchema>;

export interface RegisteredInstance {
  dir: string;
  record: InstanceRecord;
}

/** A folder under instances/ that has no record yet (made by Lodestone or an older Hearth). */
export interface UnregisteredFolder {
  dir: string;
  dot: DotLodestoneConfig;
  /** A Hearth ≤ 0.5.1 record found in the folder, if any. */
  legacy: InstanceRecord | null;
}

/** Largest marker or legacy record read from an instance folder. */
const MAX_MARKER_BYTES = 1024 * 1024;

/**
 * A JSON file of an instance folder, read through the file sandbox: the folder's users wrote it, so a
 * link out of the folder, a FIFO or a huge file is refused instead of followed, waited on or read.
 */
async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

const isMissing = (err: unknown) => err instanceof CoreError && err.kind === 'NotFound';

async function readJson(dir: string, name: string): Promise<unknown> {
  const bytes = await new FileSandbox(dir).readRegular(name, MAX_MARKER_BYTES);
  return JSON.parse(bytes.toString('utf8')) as unknown;
}

/**
 * Instances as the core knows them: records and process identities in SQLite, folders under
 * `<dataDir>/instances/`. The folder's own files are the game's; only Lodestone's marker is written
 * there for compatibility.
 */
export class InstanceRepository {
  readonly root: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly writes: DbWrites,
    /** The sandbox uid of each instance: released once its folder is gone. */
    private readonly sandboxUids?: SandboxUidRepository,
  ) {
    this.root = path.join(dataDir, 'instances');
  }

  async ensureRoot(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
  }

  /** Every stored instance whose record still parses (broken rows are reported and skipped). */
  registered(onBroken: (uuid: string, reason: string) => void): RegisteredInstance[] {
    const rows = this.db.prepare('SELECT uuid, folder, record FROM instances').all() as {
      uuid: string;
      folder: string;
      record: string;
    }[];
    const out: RegisteredInstance[] = [];
    for (const row of rows) {
      const parsed = InstanceRecordSchema.safeParse(JSON.parse(row.record));
      if (!parsed.success || parsed.data.uuid !== row.uuid) {
        onBroken(row.uuid, 'its stored record is invalid');
        continue;
      }
      out.push({ dir: path.join(this.root, row.folder), record: parsed.data });
    }
    return out;
  }

  /** Folders with a parseable `.lodestone_config` and no record (to adopt once). */
  async unregistered(
    onBroken: (dir: string, reason: string) => void,
  ): Promise<UnregisteredFolder[]> {
    await this.ensureRoot();
    const known = new Set(
      (this.db.prepare('SELECT folder FROM instances').all() as { folder: string }[]).map(
        (r) => r.folder,
      ),
    );
    const out: UnregisteredFolder[] = [];
    for (const entry of await fs.readdir(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || known.has(entry.name)) continue;
      const dir = path.join(this.root, entry.name);
      let dot: DotLodestoneConfig;
      try {
        dot = DotLodestoneConfigSchema.parse(await readJson(dir, INSTANCE_CONFIG_FILE));
      } catch (err) {
        if (!isMissing(err)) onBroken(dir, `${INSTANCE_CONFIG_FILE} is invalid`);
        continue;
      }
      let legacy: InstanceRecord | null = null;
      try {
        legacy = InstanceRecordSchema.parse(await readJson(dir, LEGACY_RECORD_FILE));
        if (legacy.uuid !== dot.uuid) {
          onBroken(dir, `${LEGACY_RECORD_FILE} names another instance`);
          continue;
        }
      } catch (err) {
        if (!isMissing(err)) {
          onBroken(dir, `${LEGACY_RECORD_FILE} is invalid`);
          continue;
        }
      }
      out.push({ dir, dot, legacy });
    }
    return out;
  }

  /** Creates the folder exclusively (fails if it exists), marked as "being created". */
  async createFolder(folderName: string): Promise<string> {
    await this.ensureRoot();
    const dir = path.join(this.root, folderName);
    if (path.dirname(dir) !== this.root)
      throw new Error('Instance folder must be a direct child of instances/');
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, CREATING_MARKER), '');
    return dir;
  }

  /**
   * Moves a staged folder (an import the core extracted or copied under `instances/`) into place as
   * a new instance folder, marked as "being created": the name is claimed exclusively first (an
   * empty folder), then the staged one renamed over it, so an existing folder is never replaced.
   */
  async placeFolder(staged: string, folderName: string): Promise<string> {
    await this.ensureRoot();
    const dir = path.join(this.root, folderName);
    if (path.dirname(dir) !== this.root)
      throw new Error('Instance folder must be a direct child of instances/');
    await fs.writeFile(path.join(staged, CREATING_MARKER), '');
    await fs.mkdir(dir);
    try {
      await fs.rename(staged, dir);
    } catch (err) {
      await fs.rmdir(dir).catch(() => undefined);
      throw err;
    }
    return dir;
  }

  /** Stores the record (the instance exists from here on), writes Lodestone's marker, unmarks the folder. */
  async register(dir: string, dot: DotLodestoneConfig, record: InstanceRecord): Promise<void> {
    await this.writes.now(() => this.insert(dir, record));
    await writeJsonAtomic(path.join(dir, INSTANCE_CONFIG_FILE), dot);
    await fs.rm(path.join(dir, CREATING_MARKER), { force: true });
    await fs.rm(path.join(dir, LEGACY_RECORD_FILE), { force: true });
    await fs.rm(path.join(dir, LEGACY_PID_FILE), { force: true });
  }

  /** Unregistered folders whose creation never finished (the core died during an install). */
  async removeAbandonedCreations(): Promise<string[]> {
    await this.ensureRoot();
    const known = new Set(
      (this.db.prepare('SELECT folder FROM instances').all() as { folder: string }[]).map(
        (r) => r.folder,
      ),
    );
    const removed: string[] = [];
    for (const entry of await fs.readdir(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory() || known.has(entry.name)) continue;
      const dir = path.join(this.root, entry.name);
      const creating = await exists(path.join(dir, CREATING_MARKER));
      const marked = await exists(path.join(dir, INSTANCE_CONFIG_FILE));
      if (creating && !marked) {
        await fs.rm(dir, { recursive: true, force: true });
        removed.push(dir);
      }
    }
    return removed;
  }

  async writeRecord(record: InstanceRecord): Promise<void> {
    const valid = InstanceRecordSchema.parse(record);
    const result = await this.writes.now(() =>
      this.db
        .prepare('UPDATE instances SET record = ?, updated_at = ? WHERE uuid = ?')
        .run(JSON.stringify(valid), Date.now(), valid.uuid),
    );
    if (result.changes !== 1) throw new Error(`No stored instance ${valid.uuid}`);
  }

  /** Forgets the instance first (an interrupted delete never leaves a half-instance that boots), then its folder. */
  async remove(uuid: string, dir: string): Promise<void> {
    await this.writes.now(() => this.db.prepare('DELETE FROM instances WHERE uuid = ?').run(uuid));
    await fs.rm(path.join(dir, INSTANCE_CONFIG_FILE), { force: true });
    await fs.rm(dir, { recursive: true, force: true });
    // Only now: a folder left half-removed keeps the uid that owns it.
    this.sandboxUids?.release(uuid);
  }

  /** Removes a folder that never became the instance `uuid` (a failed creation). */
  async removeFolder(dir: string, uuid: string): Promise<void> {
    await fs.rm(dir, { recursive: true, force: true });
    this.sandboxUids?.release(uuid);
  }

  readProcess(uuid: string): ProcessRecord | null {
    const row = this.db
      .prepare('SELECT pid, start_ticks, exe, started_at FROM instance_processes WHERE uuid = ?')
      .get(uuid);
    const parsed = ProcessRecordSchema.safeParse(row);
    return parsed.success ? parsed.data : null;
  }

  /**
   * Background writes (db-writes.ts `later`): a server starts and stops whether or not the
   * database takes the record now; it goes in once it can, so an orphan is still recognised.
   */
  writeProcess(uuid: string, process: ProcessRecord): void {
    this.writes.later(
      'process record',
      () =>
        this.db
          .prepare(
            'INSERT OR REPLACE INTO instance_processes (uuid, pid, start_ticks, exe, started_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(uuid, process.pid, process.start_ticks, process.exe, process.started_at),
      `process ${uuid}`,
    );
  }

  removeProcess(uuid: string): void {
    this.writes.later(
      'process record',
      () => this.db.prepare('DELETE FROM instance_processes WHERE uuid = ?').run(uuid),
      `process ${uuid}`,
    );
  }

  private insert(dir: string, record: InstanceRecord): void {
    if (path.dirname(dir) !== this.root)
      throw new Error('Instance folder must be under instances/');
    const valid = InstanceRecordSchema.parse(record);
    const now = Date.now();
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO instances (uuid, folder, record, updated_at) VALUES (?, ?, ?, ?)')
        .run(valid.uuid, path.basename(dir), JSON.stringify(valid), now);
      // Its sandbox slot with it (an install may have taken one already): a start then never
      // needs a write, so it works while the database is read-only (migration 020 for older ones).
      this.db
        .prepare('INSERT OR IGNORE INTO sandbox_uids (owner, allocated_at) VALUES (?, ?)')
        .run(valid.uuid, now);
    })();
  }
}
