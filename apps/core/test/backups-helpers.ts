// Shared by the backup integration tests: the service over a real SQLite file and real folders in
// a temp data dir, an instance folder, and a real writer process standing in for a game.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ClientEvent } from '@hearth/protocol';
import { openDatabase, type Db } from '../src/db/database.ts';
import { DbWrites } from '../src/db/db-writes.ts';
import { EventBus } from '../src/events/event-bus.ts';
import { createLogger } from '../src/lib/logger.ts';
import { BackupRepository } from '../src/repositories/backup-repository.ts';
import type { BackupTarget, SaveHooks } from '../src/services/backups/backup-target.ts';
import { BackupService, type BackupServiceDeps } from '../src/services/backups/backup-service.ts';
import { badRequest } from '../src/errors.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const INSTANCE_UUID = '7d0f3c52-1b7e-4d1a-9a43-3f7f2f0b9c11';

export interface WriterGame {
  proc: ChildProcess;
  send(command: string): void;
  onLine(listener: (line: string) => void): () => void;
  alive(): boolean;
  stop(): Promise<void>;
}

/** Starts backups-writer-game.ts in `dir` and waits for its "Done" line. */
export async function startWriterGame(dir: string, holdSave = false): Promise<WriterGame> {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(here, 'backups-writer-game.ts'),
      dir,
      ...(holdSave ? ['--hold-save'] : []),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = new EventEmitter();
  createInterface({ input: proc.stdout }).on('line', (line) => lines.emit('line', line));
  let exited = false;
  const exit = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  void exit.then(() => (exited = true));
  await new Promise<void>((resolve, reject) => {
    const onLine = (line: string) => {
      if (!line.includes('Done')) return;
      lines.off('line', onLine);
      resolve();
    };
    lines.on('line', onLine);
    proc.once('exit', () => reject(new Error('writer game exited before it was ready')));
  });
  return {
    proc,
    send: (command) => {
      if (exited) throw badRequest('Instance is not running');
      proc.stdin.write(`${command}\n`);
    },
    onLine: (listener) => {
      lines.on('line', listener);
      return () => lines.off('line', listener);
    },
    alive: () => !exited,
    stop: async () => {
      if (exited) return;
      proc.kill('SIGKILL');
      await exit;
    },
  };
}

/** A BackupTarget over a folder and, while one runs, a writer game (what the lead wires to instances). */
export class FolderTarget implements BackupTarget {
  readonly name = 'Test server';
  game: WriterGame | null = null;
  saveHooks: SaveHooks | null = null;
  held: string | null = null;

  constructor(
    readonly uuid: string,
    public dir: string,
  ) {}

  isRunning(): boolean {
    return this.game?.alive() ?? false;
  }

  sendCommand(command: string): void {
    if (!this.game) throw badRequest('Instance is not running');
    this.game.send(command);
  }

  async stop(): Promise<void> {
    await this.game?.stop();
    this.game = null;
  }

  waitForLine(re: RegExp, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.game) return resolve(false);
      const off = this.game.onLine((line) => {
        if (!re.test(line)) return;
        clearTimeout(timer);
        off();
        resolve(true);
      });
      const timer = setTimeout(() => {
        off();
        resolve(false);
      }, timeoutMs);
    });
  }

  hold(reason: string): () => void {
    if (this.held !== null) throw badRequest(`Instance is ${this.held}`);
    this.held = reason;
    return () => {
      this.held = null;
    };
  }
}

export interface BackupEnv {
  base: string;
  dataDir: string;
  db: Db;
  repository: BackupRepository;
  events: EventBus;
  /** Every progression event emitted. */
  progress: ClientEvent[];
  target: FolderTarget;
  service: BackupService;
  /** A new service over the same database and folders (what a restarted core builds). */
  reopen(overrides?: Partial<BackupServiceDeps>): BackupService;
  close(): Promise<void>;
}

export const quietLog = { warn: () => undefined, error: () => undefined };

export async function makeBackupEnv(
  overrides: Partial<BackupServiceDeps> = {},
  existingBase?: string,
): Promise<BackupEnv> {
  const base =
    existingBase ?? (await realpath(await mkdtemp(path.join(os.tmpdir(), 'hearth-backups-'))));
  const dataDir = path.join(base, 'data');
  const dir = path.join(dataDir, 'instances', 'test-server-7d0f3c52');
  await mkdir(dir, { recursive: true });
  if (!existingBase) {
    await writeFile(path.join(dir, '.lodestone_config'), JSON.stringify({ uuid: INSTANCE_UUID }));
    await writeFile(path.join(dir, '.lodestone_minecraft_config.json'), '{"flavour":"vanilla"}');
  }
  const db = openDatabase(path.join(dataDir, 'hearth.db'));
  const repository = new BackupRepository(db, new DbWrites(createLogger('silent')));
  const events = new EventBus(null, createLogger('silent'));
  const progress: ClientEvent[] = [];
  events.subscribe((e) => {
    if (e.event_inner.type === 'ProgressionEvent') progress.push(e);
  });
  const target = new FolderTarget(INSTANCE_UUID, dir);
  const build = (extra: Partial<BackupServiceDeps> = {}) =>
    new BackupService({
      dataDir,
      repository,
      events,
      targets: {
        get: (uuid) => {
          if (uuid !== INSTANCE_UUID) throw badRequest('unknown instance');
          return target;
        },
      },
      log: quietLog,
      ...overrides,
      ...extra,
    });
  const service = build();
  await service.init();
  return {
    base,
    dataDir,
    db,
    repository,
    events,
    progress,
    target,
    service,
    reopen: build,
    close: async () => {
      await target.game?.stop();
      events.close();
      db.close();
      if (!existingBase) await rm(base, { recursive: true, force: true });
    },
  };
}

export const USER = { type: 'User', user_id: 'u1', user_name: 'alice' } as const;
