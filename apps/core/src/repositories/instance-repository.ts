import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  DotLodestoneConfigSchema,
  GameSchema,
  INSTANCE_CONFIG_FILE,
  type DotLodestoneConfig,
} from '@hearth/protocol';
import { writeJsonAtomic } from '../lib/atomic-write.ts';

/** Hearth's own per-instance file, beside Lodestone's `.lodestone_config`. */
export const INSTANCE_RECORD_FILE = '.hearth_instance.json';
/** Present while a server process runs; found at boot it means the core died under a running server. */
export const PID_FILE = '.hearth_pid.json';
/** Present while an instance is being installed; a folder still holding it at boot is a leftover. */
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
  /** Which handler runs it, and that handler's data (e.g. a generic definition's URL and bundle). */
  handler: z.enum(['minecraft', 'generic']),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type InstanceRecord = z.output<typeof InstanceRecordSchema>;

export const PidFileSchema = z.object({
  pid: z.number().int().positive(),
  /** /proc start time of that pid, so a recycled pid is never mistaken for our server. */
  start_ticks: z.string().nullable(),
  started_at: z.number(),
});
export type PidFileData = z.output<typeof PidFileSchema>;

export interface StoredInstance {
  dir: string;
  dot: DotLodestoneConfig;
  /** Null for a folder made by Lodestone (only `.lodestone_config` and its Minecraft config). */
  record: InstanceRecord | null;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
}

/** Instance folders on disk: `<dataDir>/instances/<folder>/` with their config files. */
export class InstanceRepository {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'instances');
  }

  async ensureRoot(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
  }

  /** Every folder with a parseable `.lodestone_config`; broken ones are reported and skipped. */
  async scan(onBroken: (dir: string, reason: string) => void): Promise<StoredInstance[]> {
    await this.ensureRoot();
    const out: StoredInstance[] = [];
    for (const entry of await fs.readdir(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const dir = path.join(this.root, entry.name);
      let dot: DotLodestoneConfig;
      try {
        dot = DotLodestoneConfigSchema.parse(await readJson(path.join(dir, INSTANCE_CONFIG_FILE)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
          onBroken(dir, `${INSTANCE_CONFIG_FILE} is invalid`);
        continue;
      }
      let record: InstanceRecord | null = null;
      try {
        record = InstanceRecordSchema.parse(await readJson(path.join(dir, INSTANCE_RECORD_FILE)));
        if (record.uuid !== dot.uuid) {
          onBroken(dir, `${INSTANCE_RECORD_FILE} names another instance`);
          continue;
        }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
          onBroken(dir, `${INSTANCE_RECORD_FILE} is invalid`);
          continue;
        }
      }
      out.push({ dir, dot, record });
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

  /** Writes the record, then `.lodestone_config` (the marker that makes it an instance), then unmarks it. */
  async finishFolder(dir: string, dot: DotLodestoneConfig, record: InstanceRecord): Promise<void> {
    await this.writeRecord(dir, record);
    await writeJsonAtomic(path.join(dir, INSTANCE_CONFIG_FILE), dot);
    await fs.rm(path.join(dir, CREATING_MARKER), { force: true });
  }

  /** Folders whose creation never finished (the core died during an install). */
  async removeAbandonedCreations(): Promise<string[]> {
    const removed: string[] = [];
    for (const entry of await fs.readdir(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = path.join(this.root, entry.name);
      const creating = await fs.stat(path.join(dir, CREATING_MARKER)).then(
        () => true,
        () => false,
      );
      const marked = await fs.stat(path.join(dir, INSTANCE_CONFIG_FILE)).then(
        () => true,
        () => false,
      );
      if (creating && !marked) {
        await fs.rm(dir, { recursive: true, force: true });
        removed.push(dir);
      }
    }
    return removed;
  }

  async writeRecord(dir: string, record: InstanceRecord): Promise<void> {
    await writeJsonAtomic(path.join(dir, INSTANCE_RECORD_FILE), InstanceRecordSchema.parse(record));
  }

  /** Removes the marker first (an interrupted delete never leaves a half-instance that boots). */
  async removeFolder(dir: string): Promise<void> {
    await fs.rm(path.join(dir, INSTANCE_CONFIG_FILE), { force: true });
    await fs.rm(dir, { recursive: true, force: true });
  }

  async readPid(dir: string): Promise<PidFileData | null> {
    try {
      return PidFileSchema.parse(await readJson(path.join(dir, PID_FILE)));
    } catch {
      return null;
    }
  }

  async writePid(dir: string, data: PidFileData): Promise<void> {
    await writeJsonAtomic(path.join(dir, PID_FILE), data);
  }

  async removePid(dir: string): Promise<void> {
    await fs.rm(path.join(dir, PID_FILE), { force: true });
  }
}
