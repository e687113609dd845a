import type {
  CausedBy,
  InstanceDisk,
  InstanceInfo,
  InstanceState,
  PerformanceReport,
  Player,
  TransferGeneric,
} from '@hearth/protocol';
import type { CoreConfig } from '../config.ts';
import { badRequest, describeError, unsupported } from '../errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { BackgroundWork } from '../lib/background-work.ts';
import { folderSize } from '../lib/folder-size.ts';
import type { Logger } from '../lib/logger.ts';
import type { InstanceRepository } from '../repositories/instance-repository.ts';
import type { OutputGate } from '../runtime/console/output-gate.ts';
import { bootInstances } from '../runtime/instances/instance-boot.ts';
import type { InstanceHost } from '../runtime/instances/instance-host.ts';
import {
  handlerView,
  type InstanceEntry,
  type InstanceRegistry,
} from '../runtime/instances/instance-registry.ts';
import type { SaveHooks } from '../runtime/handlers/game-handler.ts';
import { transferGenericOf } from '../runtime/handlers/generic-handler.ts';
import type { PlayerAdmin } from '../runtime/players/player-admin.ts';
import type { MonitorHub } from '../runtime/monitor/monitor-hub.ts';
import { Progression } from './instance-progression.ts';
import type { UserService } from './user-service.ts';

/** How long a measured folder size is answered again before the folder is walked anew. */
const DISK_CACHE_MS = 30_000;
/** How long shutdown waits for background work (creations cleaning up, orphan checks). */
const SHUTDOWN_BACKGROUND_WAIT_MS = 5000;

export interface InstanceServiceDeps {
  config: CoreConfig;
  events: EventBus;
  users: UserService;
  registry: InstanceRegistry;
  monitor: MonitorHub;
  repo: InstanceRepository;
  host: InstanceHost;
  background: BackgroundWork;
  log: Logger;
  /** Called before shutdown stops the servers (e.g. abort installs in progress). */
  beforeShutdown?: () => void;
}

/**
 * What can be done to an instance, as verbs: routes, macros and schedules call these and nothing
 * below them. Inputs are already parsed; every rule about states, ports and busy instances is here.
 */
export class InstanceService {
  private closed = false;
  private readonly diskCache = new Map<string, { at: number; usage: Promise<InstanceDisk> }>();

  constructor(private readonly deps: InstanceServiceDeps) {}

  // Boot and shutdown

  /** Restores every instance folder, settles servers left over by a dead core, then auto-starts. */
  async init(): Promise<void> {
    await bootInstances({
      repo: this.deps.repo,
      registry: this.deps.registry,
      host: this.deps.host,
      background: this.deps.background,
      log: this.deps.log,
      stopTimeoutMs: this.deps.config.stopTimeoutMs,
      autoStart: this.deps.config.autoStart,
      closing: () => this.closed,
    });
    this.deps.monitor.start();
  }

  /** Stops every server gracefully (kill after the grace period), finishes background work. */
  async shutdown(): Promise<void> {
    this.closed = true;
    this.deps.beforeShutdown?.();
    const all = this.deps.registry.all();
    await Promise.all(all.map((entry) => entry.runtime.supervisor.shutdown()));
    // Installs were aborted; give background work a moment to clean up, but never hold the exit.
    await this.deps.background.settle(SHUTDOWN_BACKGROUND_WAIT_MS);
    for (const entry of this.deps.registry.all()) entry.runtime.dispose();
    this.deps.monitor.stop();
  }

  // Reading

  /** NotFound for an unknown uuid (routes call this before checking permissions). */
  require(uuid: string): void {
    this.deps.registry.get(uuid);
  }

  exists(uuid: string): boolean {
    return this.deps.registry.has(uuid);
  }

  /** The instance's folder (NotFound for an unknown uuid). */
  folder(uuid: string): string {
    return this.deps.registry.get(uuid).dir;
  }

  /** The instance's current name (NotFound for an unknown uuid). */
  name(uuid: string): string {
    return this.deps.registry.get(uuid).record.name;
  }

  isPortAllocated(port: number): boolean {
    return this.deps.registry.isPortAllocated(port);
  }

  isNameTaken(name: string): boolean {
    return this.deps.registry.isNameTaken(name);
  }

  /** The instance configured to listen on `port` (a playit tunnel's default target), or null. */
  onPort(port: number): { uuid: string; name: string; port: number } | null {
    if (port === 0) return null;
    const entry = this.deps.registry.all().find((e) => e.record.port === port);
    return entry ? { uuid: entry.uuid, name: entry.record.name, port } : null;
  }

  async list(): Promise<InstanceInfo[]> {
    return Promise.all(this.deps.registry.all().map((entry) => this.info(entry.uuid)));
  }

  async info(uuid: string): Promise<InstanceInfo> {
    const entry = this.deps.registry.get(uuid);
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

  /** A generic instance's definition and install result, for a move to another core (else null). */
  transferGeneric(uuid: string): TransferGeneric | null {
    return transferGenericOf(this.deps.registry.get(uuid).record);
  }

  state(uuid: string): InstanceState {
    return this.deps.registry.get(uuid).runtime.state;
  }

  /** How the game makes its files consistent for a backup while running (null: it cannot). */
  saveHooks(uuid: string): SaveHooks | null {
    const entry = this.deps.registry.get(uuid);
    return entry.handler.saveHooks(handlerView(entry));
  }

  /**
   * The disk the instance's folder takes, measured at most every 30 s (walking a large world is
   * not free); concurrent callers share one walk.
   */
  diskUsage(uuid: string): Promise<InstanceDisk> {
    const dir = this.deps.registry.get(uuid).dir;
    const cached = this.diskCache.get(uuid);
    if (cached && Date.now() - cached.at < DISK_CACHE_MS) return cached.usage;
    const usage = folderSize(dir).then(({ bytes, files }) => ({
      folder_bytes: bytes,
      files,
      measured_at: Date.now(),
    }));
    this.diskCache.set(uuid, { at: Date.now(), usage });
    usage.catch(() => this.diskCache.delete(uuid));
    return usage;
  }

  /** The gate console viewers hold to pause the server's output (flow control). */
  outputGate(uuid: string): OutputGate | undefined {
    return this.deps.registry.find(uuid)?.runtime.gate;
  }

  /** The last monitor reports (up to 64) and a subscription to the next ones. */
  monitorReports(uuid: string): PerformanceReport[] {
    return this.deps.monitor.buffer(uuid);
  }

  watchMonitor(uuid: string, listener: (report: PerformanceReport) => void): () => void {
    return this.deps.monitor.subscribe(uuid, listener);
  }

  // Lifecycle

  async start(uuid: string, causedBy: CausedBy): Promise<void> {
    const entry = this.deps.registry.get(uuid);
    this.refuseWhileBusy(entry, 'start');
    const state = entry.runtime.state;
    if (state === 'Stopped' || state === 'Error') await this.checkOwnPort(entry);
    await entry.runtime.supervisor.start(causedBy);
  }

  stop(uuid: string, causedBy: CausedBy): void {
    this.deps.registry.get(uuid).runtime.supervisor.stop(causedBy);
  }

  async kill(uuid: string, causedBy: CausedBy): Promise<void> {
    await this.deps.registry.get(uuid).runtime.supervisor.kill(causedBy);
  }

  async restart(uuid: string, causedBy: CausedBy): Promise<void> {
    const entry = this.deps.registry.get(uuid);
    this.refuseWhileBusy(entry, 'restart');
    if (entry.runtime.state === 'Stopped' || entry.runtime.state === 'Error')
      await this.checkOwnPort(entry);
    await entry.runtime.supervisor.restart(causedBy);
  }

  /** Stops gracefully and resolves once the server has exited. */
  async stopAndWait(uuid: string, causedBy: CausedBy): Promise<void> {
    await this.deps.registry.get(uuid).runtime.supervisor.stopAndWait(causedBy);
  }

  /**
   * Marks the instance busy with `reason` (e.g. "being restored"): it cannot be started, restarted,
   * deleted or changed until the returned release is called. 400 when it is already busy.
   */
  hold(uuid: string, reason: string): () => void {
    const entry = this.deps.registry.get(uuid);
    if (entry.busy !== null) throw badRequest(`Instance is ${entry.busy}`);
    entry.busy = reason;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (entry.busy === reason) entry.busy = null;
    };
  }

  /** Writes a console line; the event log records the command and who sent it (InstanceInput). */
  sendCommand(uuid: string, command: string, causedBy: CausedBy): void {
    const runtime = this.deps.registry.get(uuid).runtime;
    runtime.supervisor.sendCommand(command, causedBy);
    runtime.emit({ type: 'InstanceInput', message: command }, causedBy);
  }

  /**
   * Writes a player action's console line (services/players). No InstanceInput event: the action
   * is logged as what it is ("owner banned Steve"), for those who may manage players.
   */
  writePlayerCommand(uuid: string, command: string, causedBy: CausedBy): void {
    this.deps.registry.get(uuid).runtime.supervisor.sendCommand(command, causedBy);
  }

  // Players

  /** How the game's players are kicked, banned, opped and whitelisted; null when it cannot. */
  playerAdmin(uuid: string): Promise<PlayerAdmin | null> {
    const entry = this.deps.registry.get(uuid);
    return entry.handler.playerAdmin(handlerView(entry));
  }

  /** The players online; UnsupportedOperation for games that report none. */
  players(uuid: string): Player[] {
    const entry = this.deps.registry.get(uuid);
    if (!entry.handler.playersSupported(handlerView(entry)))
      throw unsupported('This instance does not report its players');
    return entry.runtime.players;
  }

  async maxPlayers(uuid: string): Promise<number | null> {
    const entry = this.deps.registry.get(uuid);
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

  // Deletion

  /** Deletes a stopped instance (folder, permissions, console ring) with InstanceDelete progression events. */
  async delete(uuid: string, causedBy: CausedBy): Promise<void> {
    const entry = this.deps.registry.get(uuid);
    const state = entry.runtime.state;
    if ((state !== 'Stopped' && state !== 'Error') || entry.runtime.supervisor.process) {
      throw badRequest('Instance must be stopped before deletion');
    }
    this.refuseWhileBusy(entry, 'delete');
    entry.busy = 'being deleted';
    const inner = { type: 'InstanceDelete', instance_uuid: uuid } as const;
    const progression = new Progression(
      this.deps.events,
      causedBy,
      `Deleting instance ${entry.record.name}`,
      10,
      inner,
    );
    try {
      await this.deps.repo.remove(uuid, entry.dir);
    } catch (err) {
      entry.busy = null;
      progression.end(false, `Instance deletion failed: ${describeError(err)}`, null);
      throw err;
    }
    entry.runtime.dispose();
    this.deps.registry.remove(uuid);
    this.deps.events.forgetInstance(uuid);
    // Stale ids in permission lists name nothing: a database that refuses this now is only logged.
    await this.deps.users
      .forgetInstance(uuid)
      .catch((err: unknown) =>
        this.deps.log.warn(
          `Could not drop ${uuid} from the users' permissions: ${describeError(err)}`,
        ),
      );
    progression.end(true, 'Instance deleted successfully', inner);
  }

  // Internals

  /** Before a start: the instance's port must be free (port 0 = a generic game that listens on none). */
  private async checkOwnPort(entry: InstanceEntry): Promise<void> {
    if (entry.record.port !== 0) await this.deps.registry.checkPort(entry.record.port, entry.uuid);
  }

  private refuseWhileBusy(entry: InstanceEntry, action: string): void {
    if (entry.busy !== null) throw badRequest(`Cannot ${action} an instance that is ${entry.busy}`);
  }
}
