import path from 'node:path';
import {
  ConfigurableValueSchema,
  type CausedBy,
  type ConfigurableManifest,
  type InstanceInfo,
  type InstanceState,
  type Player,
} from '@hearth/protocol';
import type { CoreConfig } from '../config.ts';
import { badRequest, notFound, toCoreError, unsupported } from '../errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { parseWith } from '../http/validation.ts';
import {
  INSTANCE_RECORD_FILE,
  InstanceRepository,
  type InstanceRecord,
  type StoredInstance,
} from '../repositories/instance-repository.ts';
import type { GameHandler } from '../runtime/handlers/game-handler.ts';
import { GenericHandler } from '../runtime/handlers/generic-handler.ts';
import { MinecraftHandler } from '../runtime/handlers/minecraft-handler.ts';
import { InstanceRuntime } from '../runtime/instance-runtime.ts';
import {
  gameFor,
  readMinecraftConfig,
  resolveUpstreams,
  flavourOfConfig,
  type MinecraftUpstreams,
} from '../runtime/minecraft/index.ts';
import { MonitorHub } from '../runtime/monitor/monitor-hub.ts';
import { DEFAULT_CRASH_POLICY, type CrashPolicy } from '../runtime/supervisor/crash-guard.ts';
import { isAlive, processStartTicks, signalTree } from '../runtime/supervisor/process-tree.ts';
import { InstanceCreation } from './instance-creation.ts';
import { Progression } from './instance-progression.ts';
import {
  InstanceRegistry,
  handlerView,
  validateDescription,
  validateInstanceName,
  type InstanceEntry,
} from './instance-registry.ts';
import type { UserService } from './user-service.ts';

const SYSTEM: CausedBy = { type: 'System' };
/** How long shutdown waits for background work (creations cleaning up, orphan checks). */
const SHUTDOWN_BACKGROUND_WAIT_MS = 5000;

export interface InstanceServiceDeps {
  config: CoreConfig;
  events: EventBus;
  users: UserService;
  /** Reported problems that have no caller (boot, background work). */
  log: { warn(msg: string): void; error(msg: string): void };
}

function errorText(err: unknown): string {
  return toCoreError(err).causes.join(': ') || (err instanceof Error ? err.message : String(err));
}

/** A pause that never keeps the process alive on its own. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Instances: the registry of folders under `<dataDir>/instances`, their lifecycle through one
 * supervisor each, settings, players, creation and deletion. Routes check permissions and call
 * this; nothing here knows about HTTP.
 */
export class InstanceService {
  readonly registry = new InstanceRegistry();
  readonly monitor = new MonitorHub();
  readonly repo: InstanceRepository;
  readonly creation: InstanceCreation;
  readonly upstreams: MinecraftUpstreams;
  private readonly handlers: { minecraft: MinecraftHandler; generic: GenericHandler };
  private readonly crashPolicy: CrashPolicy;
  private readonly background = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly deps: InstanceServiceDeps) {
    const { config } = deps;
    this.repo = new InstanceRepository(config.dataDir);
    this.upstreams = resolveUpstreams(config.upstreams ?? {});
    const pathJava = config.javaCommand ?? undefined;
    this.handlers = {
      minecraft: new MinecraftHandler({
        dataDir: config.dataDir,
        upstreams: this.upstreams,
        ...(pathJava ? { pathJava } : {}),
      }),
      generic: new GenericHandler(this.genericCacheDir, (uuid, data) =>
        this.saveRecord(uuid, { data }),
      ),
    };
    this.crashPolicy = {
      maxRestarts: config.crashRestarts?.max ?? DEFAULT_CRASH_POLICY.maxRestarts,
      windowMs: config.crashRestarts?.windowMs ?? DEFAULT_CRASH_POLICY.windowMs,
      delayMs: config.crashRestarts?.delayMs ?? DEFAULT_CRASH_POLICY.delayMs,
    };
    this.creation = new InstanceCreation({
      registry: this.registry,
      repo: this.repo,
      events: deps.events,
      users: deps.users,
      dataDir: config.dataDir,
      upstreams: this.upstreams,
      genericCacheDir: this.genericCacheDir,
      ...(pathJava ? { pathJava } : {}),
      register: (dir, record) => this.register(dir, record),
      info: (entry) => this.info(entry.uuid),
      track: (work) => this.track(work),
    });
  }

  get genericCacheDir(): string {
    return path.join(this.deps.config.dataDir, 'cache', 'definitions');
  }

  // ---- InstanceDirectory (used by /check/port and /check/name) ----

  isPortAllocated(port: number): boolean {
    return this.registry.isPortAllocated(port);
  }

  isNameTaken(name: string): boolean {
    return this.registry.isNameTaken(name);
  }

  // ---- boot and shutdown ----

  /** Restores every instance folder, settles servers left over by a dead core, then auto-starts. */
  async init(): Promise<void> {
    await this.repo.ensureRoot();
    await this.repo.removeAbandonedCreations();
    const stored = await this.repo.scan((dir, reason) =>
      this.deps.log.warn(`Skipping instance folder ${dir}: ${reason}`),
    );
    for (const item of stored) {
      try {
        const record = item.record ?? (await this.adoptLodestoneFolder(item));
        if (this.registry.has(record.uuid)) {
          this.deps.log.warn(
            `Skipping instance folder ${item.dir}: its uuid ${record.uuid} is already used`,
          );
          continue;
        }
        this.register(item.dir, record);
      } catch (err) {
        this.deps.log.warn(`Skipping instance folder ${item.dir}: ${errorText(err)}`);
      }
    }
    this.monitor.start();
    for (const entry of this.registry.all()) {
      this.track(
        (async () => {
          await this.settleOrphan(entry);
          if (this.deps.config.autoStart && entry.record.auto_start && !this.closed) {
            await entry.runtime.supervisor.start(SYSTEM).catch(() => undefined);
          }
        })(),
      );
    }
  }

  /** Stops every server gracefully (kill after the grace period), finishes background work. */
  async shutdown(): Promise<void> {
    this.closed = true;
    this.creation.abortAll();
    await Promise.all(this.registry.all().map((entry) => entry.runtime.supervisor.shutdown()));
    await Promise.all(this.registry.all().map((entry) => entry.runtime.pidFileSettled()));
    // Installs were aborted; give background work a moment to clean up, but never hold the exit.
    await Promise.race([
      Promise.allSettled([...this.background]),
      sleep(SHUTDOWN_BACKGROUND_WAIT_MS),
    ]);
    for (const entry of this.registry.all()) entry.runtime.dispose();
    this.monitor.stop();
  }

  // ---- reading ----

  get(uuid: string): InstanceEntry {
    return this.registry.get(uuid);
  }

  async list(): Promise<InstanceInfo[]> {
    return Promise.all(this.registry.all().map((entry) => this.info(entry.uuid)));
  }

  async info(uuid: string): Promise<InstanceInfo> {
    const entry = this.registry.get(uuid);
    const r = entry.record;
    const players = entry.handler.playersSupported(handlerView(entry))
      ? entry.runtime.players
      : null;
    return {
      uuid: entry.uuid,
      name: r.name,
      game_type: r.game,
      description: r.description,
      version: r.version,
      port: r.port,
      creation_time: r.creation_time,
      path: entry.dir,
      auto_start: r.auto_start,
      restart_on_crash: r.restart_on_crash,
      state: entry.runtime.state,
      player_count: players === null ? null : players.length,
      max_player_count: await this.maxPlayers(uuid),
      player_list: players,
    };
  }

  state(uuid: string): InstanceState {
    return this.registry.get(uuid).runtime.state;
  }

  // ---- lifecycle ----

  async start(uuid: string, causedBy: CausedBy): Promise<void> {
    const entry = this.registry.get(uuid);
    this.refuseWhileBusy(entry, 'start');
    const state = entry.runtime.state;
    if (state === 'Stopped' || state === 'Error') await this.checkOwnPort(entry);
    await entry.runtime.supervisor.start(causedBy);
  }

  stop(uuid: string, causedBy: CausedBy): void {
    this.registry.get(uuid).runtime.supervisor.stop(causedBy);
  }

  async kill(uuid: string, causedBy: CausedBy): Promise<void> {
    await this.registry.get(uuid).runtime.supervisor.kill(causedBy);
  }

  async restart(uuid: string, causedBy: CausedBy): Promise<void> {
    const entry = this.registry.get(uuid);
    this.refuseWhileBusy(entry, 'restart');
    if (entry.runtime.state === 'Stopped' || entry.runtime.state === 'Error')
      await this.checkOwnPort(entry);
    await entry.runtime.supervisor.restart(causedBy);
  }

  sendCommand(uuid: string, command: unknown, causedBy: CausedBy): void {
    if (typeof command !== 'string') throw badRequest('The command must be a JSON string');
    if (/[\r\n]/.test(command)) throw badRequest('The command must be a single line');
    this.registry.get(uuid).runtime.supervisor.sendCommand(command, causedBy);
  }

  // ---- configuration ----

  async setName(uuid: string, raw: unknown): Promise<void> {
    const name = validateInstanceName(raw);
    await this.saveRecord(uuid, { name }, true);
  }

  async setDescription(uuid: string, raw: unknown): Promise<void> {
    const description = validateDescription(raw);
    await this.saveRecord(uuid, { description }, true);
  }

  async setAutoStart(uuid: string, raw: unknown): Promise<void> {
    if (typeof raw !== 'boolean') throw badRequest('auto_start must be a JSON boolean');
    await this.saveRecord(uuid, { auto_start: raw }, true);
  }

  async setRestartOnCrash(uuid: string, raw: unknown): Promise<void> {
    if (typeof raw !== 'boolean') throw badRequest('restart_on_crash must be a JSON boolean');
    await this.saveRecord(uuid, { restart_on_crash: raw }, true);
  }

  async settings(uuid: string): Promise<ConfigurableManifest> {
    const entry = this.registry.get(uuid);
    return {
      auto_start: entry.record.auto_start,
      restart_on_crash: entry.record.restart_on_crash,
      setting_sections: await entry.handler.settingSections(handlerView(entry)),
    };
  }

  async applySetting(
    uuid: string,
    sectionId: string,
    settingId: string,
    rawValue: unknown,
  ): Promise<void> {
    const entry = this.registry.get(uuid);
    const value = parseWith(ConfigurableValueSchema, rawValue, 'Setting value');
    if (
      (settingId === 'server-port' || settingId === 'port') &&
      value.type === 'UnsignedInteger' &&
      value.value !== entry.record.port
    ) {
      if (this.registry.isPortAllocated(value.value, entry.uuid)) {
        throw badRequest(`Port ${value.value} is already used by another instance`);
      }
    }
    const effect = await entry.handler.applySetting(
      handlerView(entry),
      sectionId,
      settingId,
      value,
    );
    entry.maxPlayers = undefined;
    if (effect.port !== undefined && effect.port !== entry.record.port)
      await this.saveRecord(uuid, { port: effect.port });
  }

  async changeVersion(uuid: string, version: string): Promise<void> {
    const entry = this.registry.get(uuid);
    if (entry.runtime.state !== 'Stopped' && entry.runtime.state !== 'Error') {
      throw badRequest('Instance must be stopped to change its version');
    }
    this.refuseWhileBusy(entry, 'change the version of');
    entry.busy = 'changing its version';
    try {
      const next = await entry.handler.changeVersion(handlerView(entry), version);
      await this.saveRecord(uuid, { version: next });
    } finally {
      entry.busy = null;
    }
  }

  // ---- players ----

  /** The players online; UnsupportedOperation for games that report none. */
  players(uuid: string): Player[] {
    const entry = this.registry.get(uuid);
    if (!entry.handler.playersSupported(handlerView(entry)))
      throw unsupported('This instance does not report its players');
    return entry.runtime.players;
  }

  async maxPlayers(uuid: string): Promise<number | null> {
    const entry = this.registry.get(uuid);
    const pinged = entry.runtime.pingedMaxPlayers;
    if (pinged !== null) return pinged;
    if (entry.maxPlayers === undefined) {
      try {
        entry.maxPlayers = await entry.handler.maxPlayers(handlerView(entry));
      } catch {
        return null;
      }
    }
    return entry.maxPlayers;
  }

  async setMaxPlayers(uuid: string, raw: unknown): Promise<void> {
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > 4294967295) {
      throw badRequest('The player limit must be an unsigned integer');
    }
    const entry = this.registry.get(uuid);
    await entry.handler.setMaxPlayers(handlerView(entry), raw);
    entry.maxPlayers = raw;
  }

  // ---- deletion ----

  /** Deletes a stopped instance (folder, permissions, console ring) with InstanceDelete progression events. */
  async delete(uuid: string, causedBy: CausedBy): Promise<void> {
    const entry = this.registry.get(uuid);
    const state = entry.runtime.state;
    if ((state !== 'Stopped' && state !== 'Error') || entry.runtime.supervisor.process) {
      throw badRequest('Instance must be stopped before deletion');
    }
    this.refuseWhileBusy(entry, 'delete');
    entry.busy = 'being deleted';
    const progression = new Progression(
      this.deps.events,
      causedBy,
      `Deleting instance ${entry.record.name}`,
      10,
      {
        type: 'InstanceDelete',
        instance_uuid: uuid,
      },
    );
    try {
      await this.repo.removeFolder(entry.dir);
    } catch (err) {
      entry.busy = null;
      progression.end(false, `Instance deletion failed: ${errorText(err)}`, null);
      throw err;
    }
    entry.runtime.dispose();
    this.registry.remove(uuid);
    this.deps.events.forgetInstance(uuid);
    this.deps.users.forgetInstance(uuid);
    progression.end(true, 'Instance deleted successfully', {
      type: 'InstanceDelete',
      instance_uuid: uuid,
    });
  }

  // ---- internals ----

  /** Builds the live entry for a folder and adds it to the registry. */
  register(dir: string, record: InstanceRecord): InstanceEntry {
    const handler: GameHandler =
      record.handler === 'minecraft' ? this.handlers.minecraft : this.handlers.generic;
    // The runtime reads the entry's current record (name, port, ... change while it lives).
    const current: { entry: InstanceEntry | null } = { entry: null };
    const runtime = new InstanceRuntime({
      uuid: record.uuid,
      events: this.deps.events,
      monitor: this.monitor,
      handler,
      view: () => handlerView(current.entry ?? { uuid: record.uuid, dir, record }),
      name: () => (current.entry ?? { record }).record.name,
      stopTimeoutMs: this.deps.config.stopTimeoutMs,
      crashPolicy: this.crashPolicy,
      pidFile: {
        write: (data) => this.repo.writePid(dir, data),
        remove: () => this.repo.removePid(dir),
      },
    });
    const entry: InstanceEntry = {
      uuid: record.uuid,
      dir,
      record,
      handler,
      runtime,
      busy: null,
      maxPlayers: undefined,
    };
    current.entry = entry;
    this.registry.add(entry);
    return entry;
  }

  /** Applies `patch` to the record and writes it atomically; `sync` also updates the handler's files. */
  private async saveRecord(
    uuid: string,
    patch: Partial<InstanceRecord>,
    sync = false,
  ): Promise<void> {
    const entry = this.registry.get(uuid);
    const next: InstanceRecord = { ...entry.record, ...patch };
    await this.repo.writeRecord(entry.dir, next);
    entry.record = next;
    if (sync) {
      try {
        await entry.handler.syncCommon(handlerView(entry));
      } catch (err) {
        this.deps.log.warn(
          `Could not mirror the settings of ${uuid} into its game config: ${errorText(err)}`,
        );
      }
    }
  }

  /** Before a start: the instance's port must be free (port 0 = a generic game that listens on none). */
  private async checkOwnPort(entry: InstanceEntry): Promise<void> {
    if (entry.record.port !== 0) await this.registry.checkPort(entry.record.port, entry.uuid);
  }

  private refuseWhileBusy(entry: InstanceEntry, action: string): void {
    if (entry.busy !== null) throw badRequest(`Cannot ${action} an instance that is ${entry.busy}`);
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((err: unknown) =>
      this.deps.log.error(`Background instance work failed: ${errorText(err)}`),
    );
    this.background.add(tracked);
    void tracked.finally(() => this.background.delete(tracked));
  }

  /**
   * A pid file at boot means the core died while this server ran. Its pipes are gone, so it cannot be
   * adopted: ask it to stop (SIGTERM lets Minecraft save), kill it after the grace period, and report it.
   */
  private async settleOrphan(entry: InstanceEntry): Promise<void> {
    const pid = await this.repo.readPid(entry.dir);
    if (!pid) return;
    const same = pid.start_ticks !== null && processStartTicks(pid.pid) === pid.start_ticks;
    if (same && isAlive(pid.pid)) {
      signalTree(pid.pid, 'SIGTERM');
      const deadline = Date.now() + this.deps.config.stopTimeoutMs;
      while (
        isAlive(pid.pid) &&
        processStartTicks(pid.pid) === pid.start_ticks &&
        Date.now() < deadline
      )
        await sleep(100);
      if (isAlive(pid.pid) && processStartTicks(pid.pid) === pid.start_ticks)
        signalTree(pid.pid, 'SIGKILL');
    }
    await this.repo.removePid(entry.dir);
    entry.runtime.emit(
      { type: 'StateTransition', to: 'Stopped' },
      SYSTEM,
      same
        ? 'The server was still running when the core stopped unexpectedly; it has been stopped'
        : 'The core stopped unexpectedly while this server ran',
    );
  }

  /** A folder made by Lodestone: build Hearth's record from its Minecraft config. */
  private async adoptLodestoneFolder(item: StoredInstance): Promise<InstanceRecord> {
    if (item.dot.game_type !== 'MinecraftJava')
      throw notFound(`No ${INSTANCE_RECORD_FILE} and not a Minecraft folder`);
    const mc = await readMinecraftConfig(item.dir);
    const flavour = flavourOfConfig(mc.flavour);
    const record: InstanceRecord = {
      uuid: item.dot.uuid,
      name: mc.name,
      description: mc.description ?? '',
      game:
        flavour === 'spigot'
          ? { type: 'MinecraftJava', variant: { type: 'Spigot' } }
          : gameFor(flavour),
      version: mc.version,
      port: mc.port,
      creation_time: item.dot.creation_time,
      auto_start: mc.auto_start,
      restart_on_crash: mc.restart_on_crash,
      handler: 'minecraft',
      data: {},
    };
    await this.repo.writeRecord(item.dir, record);
    return record;
  }
}
