// Shared by the schedule integration tests: the service over a real SQLite file, the real event
// bus, a manual clock, and executors that record what the steps asked for.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CausedBy, PowerAction, ScheduleInput, ScheduleStep } from '@hearth/protocol';
import { openDatabase, type Db } from '../src/db/database.ts';
import { DbWrites } from '../src/db/db-writes.ts';
import { badRequest } from '../src/errors.ts';
import { EventBus } from '../src/events/event-bus.ts';
import { createLogger } from '../src/lib/logger.ts';
import { ScheduleRepository } from '../src/repositories/schedule-repository.ts';
import { ManualClock } from '../src/services/schedules/clock.ts';
import type {
  AuthorizeResult,
  ScheduleExecutors,
} from '../src/services/schedules/schedule-executors.ts';
import { ScheduleService } from '../src/services/schedules/schedule-service.ts';

export const INSTANCE = 'a3c1e2f0-0000-4000-8000-000000000001';
export const START = Date.parse('2026-01-05T10:00:00Z');

/** Executors that record every call as text; commands in `failing` throw a CoreError. */
export class RecordingExecutors implements ScheduleExecutors {
  readonly calls: string[] = [];
  readonly failing = new Set<string>();
  running = true;
  /** Backup steps go here when set (the real BackupService in one test). */
  backupWith: ScheduleExecutors['backup'] | null = null;

  isRunning(): boolean {
    return this.running;
  }

  sendCommand(_instance: string, command: string, causedBy: CausedBy): void {
    if (this.failing.has(command)) throw badRequest(`Command "${command}" failed`);
    this.calls.push(
      `command ${command} as ${causedBy.type === 'User' ? causedBy.user_name : causedBy.type}`,
    );
  }

  async power(_instance: string, action: PowerAction): Promise<void> {
    this.calls.push(`power ${action}`);
    this.running = action !== 'stop' && action !== 'kill';
  }

  async backup(
    instance: string,
    options: { name: string | null; locked: boolean },
    causedBy: CausedBy,
  ) {
    if (this.backupWith) return this.backupWith(instance, options, causedBy);
    this.calls.push(`backup ${options.name}`);
    return { id: 'b1', name: options.name, created_at: 0 };
  }

  async macro(_instance: string, name: string, args: string[]): Promise<void> {
    this.calls.push(`macro ${name} ${args.join(' ')}`);
  }
}

/** Users and what they may do; a uid missing from the map no longer exists. */
export class TestAuthorizer {
  readonly users = new Map<string, { name: string; may: Set<ScheduleStep['type']> }>();

  allow(uid: string, name: string, ...types: ScheduleStep['type'][]): void {
    this.users.set(uid, { name, may: new Set(types) });
  }

  authorize = (uid: string, _instance: string, step: ScheduleStep): AuthorizeResult => {
    const user = this.users.get(uid);
    if (!user) return { allowed: false, reason: 'The author of this schedule no longer exists' };
    if (!user.may.has(step.type))
      return { allowed: false, reason: `${user.name} may no longer do this (${step.type})` };
    return { allowed: true, causedBy: { type: 'User', user_id: uid, user_name: user.name } };
  };
}

export interface ScheduleEnv {
  dir: string;
  db: Db;
  repository: ScheduleRepository;
  events: EventBus;
  clock: ManualClock;
  executors: RecordingExecutors;
  auth: TestAuthorizer;
  service: ScheduleService;
  /** Stops the service and builds a new one over the same database (a core restart). */
  restart(): Promise<ScheduleService>;
  close(): Promise<void>;
}

export async function makeScheduleEnv(): Promise<ScheduleEnv> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-schedules-'));
  const db = openDatabase(path.join(dir, 'hearth.db'));
  const writes = new DbWrites(createLogger('silent'));
  const repository = new ScheduleRepository(db, writes);
  const events = new EventBus(null, createLogger('silent'));
  const clock = new ManualClock(START);
  const executors = new RecordingExecutors();
  const auth = new TestAuthorizer();
  auth.allow('alice', 'alice', 'Command', 'Power', 'Backup', 'Macro');
  const build = () =>
    new ScheduleService({
      repository,
      clock,
      executors,
      authorize: auth.authorize,
      events,
      log: { warn: () => undefined, error: () => undefined },
    });
  const env: ScheduleEnv = {
    dir,
    db,
    repository,
    events,
    clock,
    executors,
    auth,
    service: build(),
    restart: async () => {
      await env.service.stop();
      env.service = build();
      return env.service;
    },
    close: async () => {
      await env.service.stop();
      events.close();
      writes.close();
      db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  env.service.start();
  return env;
}

export function input(
  partial: Partial<ScheduleInput> & Pick<ScheduleInput, 'trigger' | 'steps'>,
): ScheduleInput {
  return {
    description: 'test',
    enabled: true,
    only_when_running: false,
    continue_on_failure: false,
    ...partial,
  };
}

export const say = (text: string): ScheduleStep => ({ type: 'Command', command: `say ${text}` });
