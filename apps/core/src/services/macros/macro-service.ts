import {
  HEARTH_VERSION,
  type CausedBy,
  type ExitStatus,
  type GetConfigResponse,
  type HistoryEntry,
  type MacroEntry,
  type MacroEventInner,
  type MacroOutput,
  type MacroOutputFrame,
  type SettingManifest,
  type TaskEntry,
} from '@hearth/protocol';
import {
  CoreError,
  badRequest,
  describeError,
  internal,
  notFound,
  permissionDenied,
  unauthorized,
} from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Logger } from '../../lib/logger.ts';
import type { MacroRepository } from '../../repositories/macro-repository.ts';
import { isLimitedTask, type StoredUser } from '../../repositories/user-repository.ts';
import type { CoreEndpoint } from '../../runtime/macros/core-endpoint.ts';
import type { MacroExit } from '../../runtime/macros/macro-process.ts';
import { isAlive, processStartTicks, signalTree } from '../../runtime/supervisor/process-tree.ts';
import { LiveTask } from './live-task.ts';
import { macroConfig, macroToRun, needsConfig, storeMacroConfig } from './macro-configs.ts';
import { authorshipNote, type MacroAuthors } from './macro-authors.ts';
import { openMacrosDir } from './macro-digest.ts';
import { configFileName } from './config-store.ts';
import { MacroFiles } from './macro-files.ts';
import { TaskLauncher, type MacroRunnerOptions } from './task-launcher.ts';
import { TaskOutput } from './task-output.ts';
import type { TaskTokens } from './task-tokens.ts';

/** The instance verbs macros need (InstanceService fits). */
export interface MacroInstances {
  /** NotFound for an unknown uuid. */
  require(uuid: string): void;
  /** The instance's folder (NotFound for an unknown uuid). */
  folder(uuid: string): string;
  /** The instance's current name (NotFound for an unknown uuid). */
  name(uuid: string): string;
}

export interface MacroServiceDeps {
  dataDir: string;
  events: EventBus;
  repository: MacroRepository;
  instances: MacroInstances;
  tokens: TaskTokens;
  /** Who wrote the macro code of each instance (records, judgements, one at a time). */
  authors: MacroAuthors;
  /** A user's current name, or null for a deleted user (for the Started entry's detail). */
  userName: (uid: string) => string | null;
  log: Logger;
  runner?: MacroRunnerOptions;
}

/** Who else bounds a task besides its starter and its code's authors. */
export interface TaskBounds {
  /** Their uids: a schedule's other actors, the bounds of the task that started this one. */
  limiters: readonly string[];
  /** Bounded by the unknown author (inherited from a task whose code nobody could vouch for). */
  unknownAuthor: boolean;
}

const NO_BOUNDS: TaskBounds = { limiters: [], unknownAuthor: false };

/** The bounds a caller passes on to the tasks it starts: a task's own, nothing for a person. */
export function boundsOf(user: StoredUser): TaskBounds {
  return user.task === undefined
    ? NO_BOUNDS
    : { limiters: user.task.limiters, unknownAuthor: user.task.unknownAuthor };
}

/** Finished tasks kept per instance. */
const HISTORY_KEEP = 1000;
/**
 * Finished tasks whose exit and output are also kept in memory: their record is a background
 * write (DbWrites.later), so a viewer asking right after the end never finds it missing.
 */
const RECENT_KEEP = 32;
/** How long `run` waits for the macro's module to start before answering anyway. */
const STARTED_WAIT_MS = 30_000;
const SHUTDOWN_WAIT_MS = 5000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Macros (core-api.md §1.4.17, §3.11): listing, config, running each task as its own Deno process,
 * killing, tasks and persisted history. Every task ends on kill, on its instance's deletion and on
 * shutdown. Nothing here knows about HTTP.
 */
/** Where a task's output socket sends its frames (MacroOutputFrame), and how it is closed. */
export interface OutputSink {
  send(frame: MacroOutputFrame): void;
  /** The task ended and its last frame went out. */
  end(): void;
}

interface FinishedTask {
  instanceUuid: string;
  exit: ExitStatus;
  output: MacroOutput;
}

export class MacroService {
  private readonly tasks = new Map<number, LiveTask>();
  private readonly recent = new Map<number, FinishedTask>();
  private readonly launcher: TaskLauncher;
  private nextPid = 1;
  private closed = false;
  private unsubscribe: () => void = () => undefined;
  private endpoint: () => CoreEndpoint | null = () => null;

  constructor(private readonly deps: MacroServiceDeps) {
    this.launcher = new TaskLauncher(deps.dataDir, deps.runner ?? {}, deps.log);
  }

  /**
   * Ends tasks a dead core left running, picks the next pid, follows instance deletions. Called
   * after the instances loaded; `endpoint` says where tasks reach the core (null until it listens).
   */
  async init(endpoint: () => CoreEndpoint | null): Promise<void> {
    this.endpoint = endpoint;
    for (const row of this.deps.repository.unfinished()) {
      if (row.osPid !== null && row.osStartTicks !== null && isAlive(row.osPid)) {
        if (processStartTicks(row.osPid) === row.osStartTicks) signalTree(row.osPid, 'SIGKILL');
      }
      this.deps.repository.finish(row.pid, {
        type: 'Error',
        time: nowSeconds(),
        error_msg: 'The core stopped while this task was running',
      });
    }
    this.nextPid = this.deps.repository.nextPid();
    await this.launcher.prepare();
    this.unsubscribe = this.deps.events.subscribe((event) => {
      const inner = event.event_inner;
      if (inner.type !== 'ProgressionEvent') return;
      const p = inner.progression_event_inner;
      // Deletion starts with this event, before the folder is removed: end its tasks first.
      if (p.type === 'ProgressionStart' && p.inner?.type === 'InstanceDelete')
        this.killInstanceTasks(p.inner.instance_uuid);
      if (p.type === 'ProgressionEnd' && p.success && p.inner?.type === 'InstanceDelete') {
        const uuid = p.inner.instance_uuid;
        for (const [pid, finished] of this.recent)
          if (finished.instanceUuid === uuid) this.recent.delete(pid);
        this.deps.repository.forgetInstance(uuid);
        this.deps.authors.forgetInstance(uuid);
        this.launcher.forgetInstance(uuid).catch((err: unknown) => {
          this.deps.log.warn(`Could not remove the macro cache of ${uuid}: ${describeError(err)}`);
        });
      }
    });
  }

  /** Kills every task and waits (bounded) for their exits to be recorded. */
  async shutdown(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    const running = [...this.tasks.values()];
    for (const task of running) task.process.kill();
    await Promise.race([Promise.all(running.map((t) => t.done)), sleep(SHUTDOWN_WAIT_MS)]);
  }

  /** SIGKILLs the tasks of an instance at once (its folder is about to go). */
  killInstanceTasks(instanceUuid: string): void {
    for (const task of this.tasks.values())
      if (task.instanceUuid === instanceUuid) task.process.kill();
  }

  async list(uuid: string): Promise<MacroEntry[]> {
    const dir = this.deps.instances.folder(uuid);
    const lastRuns = this.deps.repository.lastRuns(uuid);
    const macroFiles = new MacroFiles(dir);
    const entries: MacroEntry[] = [];
    for (const f of await macroFiles.list()) {
      entries.push({
        name: f.name,
        last_run: lastRuns.get(f.name) ?? null,
        path: f.listedPath,
        // A macro whose source cannot be read now is run's problem to report, not the list's.
        needs_config: await needsConfig(macroFiles, f).catch(() => false),
      });
    }
    return entries;
  }

  /** What a task printed so far (running) or in all (finished); NotFound for an unknown pid. */
  output(uuid: string, pid: number): MacroOutput {
    return this.outputOf(uuid, pid).output;
  }

  /** NotFound unless the instance has (or had) task `pid`: checked before an output socket opens. */
  requireTask(uuid: string, pid: number): void {
    this.outputOf(uuid, pid);
  }

  /**
   * Streams a task's output: every line kept so far, then new lines in batches, then its end
   * (then `sink.end()`); a finished task's at once. Returns what stops it (the socket closed).
   */
  streamOutput(uuid: string, pid: number, sink: OutputSink): () => void {
    const found = this.outputOf(uuid, pid);
    sink.send({ type: 'Output', ...found.output });
    if (found.live === null) {
      sink.send({ type: 'End', exit_status: found.exit, truncated: found.output.truncated });
      sink.end();
      return () => undefined;
    }
    const task = found.live;
    let open = true;
    const unsubscribe = task.output.subscribe((lines) => {
      if (open) sink.send({ type: 'Lines', lines });
    });
    void task.done.then((exit) => {
      unsubscribe();
      if (!open) return;
      open = false;
      sink.send({ type: 'End', exit_status: exit, truncated: task.output.snapshot().truncated });
      sink.end();
    });
    return () => {
      open = false;
      unsubscribe();
    };
  }

  private outputOf(
    uuid: string,
    pid: number,
  ):
    | { live: LiveTask; output: MacroOutput }
    | { live: null; exit: ExitStatus; output: MacroOutput } {
    this.deps.instances.require(uuid);
    const live = this.tasks.get(pid);
    if (live?.instanceUuid === uuid) return { live, output: live.output.snapshot() };
    const recent = this.recent.get(pid);
    if (recent?.instanceUuid === uuid) return { live: null, ...recent };
    const stored = this.deps.repository.finished(uuid, pid);
    if (stored) return { live: null, ...stored };
    throw notFound(`Macro with pid MacroPID(${pid}) not found`);
  }

  tasksOf(uuid: string): TaskEntry[] {
    this.deps.instances.require(uuid);
    return [...this.tasks.values()]
      .filter((t) => t.instanceUuid === uuid)
      .sort((a, b) => a.creationTime - b.creationTime || a.pid - b.pid)
      .map((t) => t.entry());
  }

  history(uuid: string): HistoryEntry[] {
    this.deps.instances.require(uuid);
    return this.deps.repository.history(uuid, HISTORY_KEEP);
  }

  getConfig(uuid: string, name: string): Promise<GetConfigResponse> {
    return macroConfig(this.deps.instances.folder(uuid), name);
  }

  /**
   * Stores a macro's config as `user`, who becomes an author of the macro's folder: what a config
   * makes a macro do is theirs to answer for. A task whose code not only its starter wrote may not.
   */
  async storeConfig(
    uuid: string,
    name: string,
    body: Record<string, SettingManifest>,
    user: StoredUser,
  ): Promise<void> {
    if (isLimitedTask(user))
      throw permissionDenied(
        'A macro may change macros only when its starter wrote all of its code',
      );
    const dir = this.deps.instances.folder(uuid);
    await this.deps.authors.exclusive(uuid, async () => {
      const stored = await storeMacroConfig(dir, name, body);
      await this.deps.authors.recordWrite(
        uuid,
        stored.files.sandbox,
        user.uid,
        new Set([`${stored.name}/${configFileName(stored.name)}`]),
      );
    });
    // The list's needs_config may have changed.
    this.deps.events.signal({ type: 'MacrosChanged', instance_uuid: uuid });
  }

  /**
   * Runs a macro to its end, for callers that wait on it (a schedule's "run macro" step): resolves
   * when the task exits successfully, rejects with a CoreError when it fails to start, throws or
   * is killed. The task acts as the user `causedBy` names.
   */
  async runMacro(
    uuid: string,
    name: string,
    args: string[],
    causedBy: CausedBy,
    bounds: TaskBounds = NO_BOUNDS,
  ): Promise<void> {
    const task = await this.launch(uuid, name, args, causedBy, bounds);
    const exit = await task.done;
    if (exit.type === 'Success') return;
    if (exit.type === 'Killed') throw badRequest(`Macro ${task.name} was killed`);
    throw badRequest(`Macro ${task.name} failed`, exit.error_msg);
  }

  /** Starts a task; resolves once its module is about to run (MacroEvent Started). */
  async start(
    uuid: string,
    name: string,
    args: string[],
    causedBy: CausedBy,
    bounds: TaskBounds = NO_BOUNDS,
  ): Promise<TaskEntry> {
    return (await this.launch(uuid, name, args, causedBy, bounds)).entry();
  }

  /**
   * Resolves the macro, judges who wrote the code it may load and issues its token — one at a time
   * with the instance's writes under `macros/`, so no write slips between the judgement and the
   * token (a write after it bounds the running task through TaskTokens.limitInstance).
   */
  private async prepare(
    uuid: string,
    name: string,
    starter: string,
    bounds: TaskBounds,
    pid: number,
  ) {
    const dir = this.deps.instances.folder(uuid);
    return this.deps.authors.exclusive(uuid, async () => {
      const loaded = await macroToRun(dir, name);
      // A link in place of macros/ would lead the task's code somewhere the game may write.
      await (await openMacrosDir(loaded.files.sandbox))?.close();
      const authorship = await this.deps.authors.judge(uuid, loaded.files.sandbox);
      const token = this.deps.tokens.issue({
        uid: starter,
        pid,
        instanceUuid: uuid,
        macroName: loaded.file.name,
        limiters: new Set([...authorship.authors, ...bounds.limiters]),
        unknownAuthor: authorship.unknown.length > 0 || bounds.unknownAuthor,
      });
      return { ...loaded, authorship, token };
    });
  }

  private async launch(
    uuid: string,
    name: string,
    args: string[],
    causedBy: CausedBy,
    bounds: TaskBounds,
  ): Promise<LiveTask> {
    if (this.closed) throw internal('The core is shutting down');
    // A task's token carries a user's permissions: there must be one.
    if (causedBy.type !== 'User') throw permissionDenied('A macro task must be started by a user');
    const dir = this.deps.instances.folder(uuid);
    const endpoint = this.endpoint();
    if (endpoint === null) throw internal('The core is not listening yet');
    const pid = this.nextPid++;
    const creationTime = nowSeconds();
    const { files, file, config, authorship, token } = await this.prepare(
      uuid,
      name,
      causedBy.user_id,
      bounds,
      pid,
    );
    const starter: CausedBy = {
      type: 'User',
      user_id: causedBy.user_id,
      user_name: causedBy.user_name,
      macro_name: file.name,
      macro_pid: pid,
    };
    const note = authorshipNote(
      causedBy.user_name,
      authorship.authors.map((uid) => this.deps.userName(uid) ?? 'a deleted user'),
      authorship.unknown,
    );
    let task: LiveTask;
    const output = new TaskOutput();
    try {
      const process = await this.launcher.launch({
        instanceDir: await files.sandbox.realRoot(),
        listedDir: dir,
        entry: file.entry,
        args,
        endpoint,
        init: {
          token,
          pid,
          instanceUuid: uuid,
          macroName: file.name,
          version: HEARTH_VERSION,
          config,
        },
        label: `${file.name}#${pid}`,
        output,
      });
      task = new LiveTask({
        pid,
        name: file.name,
        instanceUuid: uuid,
        creationTime,
        token,
        starter,
        cause: {
          type: 'Macro',
          macro_pid: pid,
          macro_name: file.name,
          user_id: causedBy.user_id,
          user_name: causedBy.user_name,
        },
        authorship: note,
        process,
        output,
      });
    } catch (err) {
      this.deps.tokens.revoke(token);
      if (err instanceof CoreError) throw err;
      throw internal('Failed to start the macro', describeError(err));
    }
    this.tasks.set(pid, task);
    this.deps.repository.insertRunning({
      pid,
      instanceUuid: uuid,
      name: file.name,
      creationTime,
      startedBy: causedBy.user_id,
      osPid: task.process.pid,
      osStartTicks: task.process.startTicks,
    });
    this.deps.repository.setLastRun(uuid, file.name, creationTime);
    void task.process.exited.then(
      (exit) => this.finish(task, exit),
      () => this.finish(task, { type: 'Error', error_msg: 'The macro process was lost' }),
    );
    await Promise.race([task.process.started, sleep(STARTED_WAIT_MS)]);
    this.emitStarted(task);
    return task;
  }

  /** Kills a running task of the instance; resolves once its exit is recorded. */
  async kill(uuid: string, pid: number): Promise<void> {
    this.deps.instances.require(uuid);
    const task = this.tasks.get(pid);
    if (!task || task.instanceUuid !== uuid)
      throw notFound(`Macro with pid MacroPID(${pid}) not found`);
    task.process.kill();
    await task.done;
  }

  /**
   * The running task a task token belongs to (for the SDK routes): a user's own token is refused
   * (403), a task token whose task ended is not a token any more (401).
   */
  taskOfToken(token: string): LiveTask {
    if (!this.deps.tokens.owns(token))
      throw permissionDenied('Only a running macro task may use this route');
    const grant = this.deps.tokens.grant(token);
    const task = grant ? this.tasks.get(grant.pid) : undefined;
    if (!task || task.token !== token) throw unauthorized('Invalid task token');
    return task;
  }

  consoleOut(task: LiveTask, line: string): void {
    task.consoleOut(this.deps.events, this.deps.instances.name(task.instanceUuid), line);
  }

  progressionStart(task: LiveTask, title: string, total: number | null): string {
    return task.progressionStart(this.deps.events, title, total);
  }

  progressionUpdate(task: LiveTask, eventId: string, progress: number, message: string): void {
    task.progressionUpdate(this.deps.events, eventId, progress, message);
  }

  progressionEnd(task: LiveTask, eventId: string, success: boolean, message: string | null): void {
    task.progressionEnd(this.deps.events, eventId, success, message);
  }

  detach(task: LiveTask): void {
    task.detach(this.deps.events);
  }

  private emitStarted(task: LiveTask): void {
    if (task.startedEmitted) return;
    task.startedEmitted = true;
    this.emit(task, { type: 'Started' });
  }

  /**
   * MacroEvent Started / Stopped are caused by the task itself (core-api.md §2.4.3), named with its
   * macro and starter; Started's details say whose code it runs when not only the starter's.
   */
  private emit(task: LiveTask, inner: MacroEventInner): void {
    this.deps.events.emit(
      {
        type: 'MacroEvent',
        instance_uuid: task.instanceUuid,
        macro_pid: task.pid,
        macro_event_inner: inner,
      },
      {
        causedBy: task.cause,
        ...(inner.type === 'Started' && task.authorship !== '' ? { details: task.authorship } : {}),
      },
    );
  }

  private finish(task: LiveTask, exit: MacroExit): void {
    this.emitStarted(task);
    this.deps.tokens.revoke(task.token);
    this.launcher.finished(task.instanceUuid, task.pid).catch((err: unknown) => {
      this.deps.log.warn(
        `Could not remove the Deno cache of task ${task.pid}: ${describeError(err)}`,
      );
    });
    this.tasks.delete(task.pid);
    task.endOpenProgressions(this.deps.events);
    const status: ExitStatus = { ...exit, time: nowSeconds() };
    task.output.flush();
    const output = task.output.snapshot();
    this.recent.set(task.pid, { instanceUuid: task.instanceUuid, exit: status, output });
    for (const pid of this.recent.keys()) {
      if (this.recent.size <= RECENT_KEEP) break;
      this.recent.delete(pid);
    }
    try {
      this.deps.repository.finish(task.pid, status, output);
      this.deps.repository.prune(task.instanceUuid, HISTORY_KEEP);
    } catch (err) {
      this.deps.log.error(
        `Could not record the end of macro task ${task.pid}: ${describeError(err)}`,
      );
    }
    this.emit(task, { type: 'Stopped', exit_status: status });
    task.markDone(status);
  }
}
