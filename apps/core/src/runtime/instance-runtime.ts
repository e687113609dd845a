import type {
  CausedBy,
  ExitReason,
  InstanceEventInner,
  InstanceState,
  Player,
} from '@hearth/protocol';
import type { EventBus } from '../events/event-bus.ts';
import type { Logger } from '../lib/logger.ts';
import type { ProcessRecord } from '../repositories/instance-repository.ts';
import { OutputGate } from './console/output-gate.ts';
import type {
  GameHandler,
  HandlerInstance,
  PreparedStart,
  PlayerSource,
} from './handlers/game-handler.ts';
import type { MonitorHub } from './monitor/monitor-hub.ts';
import type { ResourceLimits, Sandbox } from './sandbox/index.ts';
import { PlayerTracker } from './players/player-tracker.ts';
import { pingMinecraft, type PingResult } from './players/server-list-ping.ts';
import type { CrashPolicy } from './supervisor/crash-guard.ts';
import type { GameProcess } from './supervisor/game-process.ts';
import { InstanceSupervisor, type StartSession } from './supervisor/instance-supervisor.ts';
import { processExe, processStartTicks } from './supervisor/process-tree.ts';

/** How often a running Minecraft-compatible server is pinged for its player count and limit. */
export const PING_INTERVAL_MS = 10_000;

export interface RuntimeDeps {
  uuid: string;
  events: EventBus;
  monitor: MonitorHub;
  handler: GameHandler;
  log: Logger;
  /** The instance as it is now (name, port, ... change while it lives). */
  view(): HandlerInstance;
  /** Its current name (read for every event, so no object is built for it). */
  name(): string;
  stopTimeoutMs: number;
  crashPolicy: CrashPolicy;
  /** Where the identity of the running server process is kept (outside the instance folder). */
  processRecord: {
    write(process: ProcessRecord): void;
    remove(): void;
  };
  /** Run the server in this sandbox (built once at boot); absent: run it as is. */
  sandbox?: InstanceSandbox;
}

/** The core's sandbox plus what this instance asks of it, read fresh at each start. */
export interface InstanceSandbox {
  sandbox: Sandbox;
  limits(): ResourceLimits;
  /** Host paths the server needs read-only besides the system and Hearth (a definition's folder). */
  runtimeReadOnly?(): string[];
}

/**
 * Everything live about one instance: its supervisor, the console (every output line becomes an
 * InstanceOutput, plus SystemMessage / PlayerMessage / PlayerChange per core-api.md §3.6), its
 * players and its entry in the monitor.
 */
export class InstanceRuntime {
  readonly supervisor: InstanceSupervisor;
  /** Console viewers that fall behind pause the server's output here (flow control, see OutputGate). */
  readonly gate: OutputGate;
  private readonly tracker: PlayerTracker;
  private source: PlayerSource | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private lastPing: PingResult | null = null;

  constructor(private readonly deps: RuntimeDeps) {
    this.gate = new OutputGate((paused) => this.supervisor.process?.pauseOutput(paused));
    this.tracker = new PlayerTracker({
      identify: (name) =>
        this.source?.identify(name) ??
        Promise.resolve<Player>({ type: 'GenericPlayer', id: name, name }),
      identifyNow: (name) =>
        this.source?.identifyNow(name) ?? { type: 'GenericPlayer', id: name, name },
      onChange: (change) => this.emit({ type: 'PlayerChange', ...change }),
      onFailure: (err) => this.deps.log.error({ err }, 'player tracking failed'),
    });
    this.supervisor = new InstanceSupervisor(
      {
        prepare: () => this.prepare(),
        onState: (to, causedBy, details, reason) => this.onState(to, causedBy, details, reason),
        onError: (message, causedBy, reason) =>
          this.emit({ type: 'InstanceError', message, ...(reason && { reason }) }, causedBy),
        onProcessStarted: (proc) => this.onProcessStarted(proc),
        onProcessEnded: () => this.onProcessEnded(),
        restartOnCrash: () => this.deps.view().restartOnCrash,
        stopTimeoutMs: () => this.deps.stopTimeoutMs,
      },
      deps.crashPolicy,
    );
    deps.monitor.add(deps.uuid);
  }

  get state(): InstanceState {
    return this.supervisor.state;
  }

  get players(): Player[] {
    return this.tracker.list;
  }

  /** The limit a running server reported by ping, if any. */
  get pingedMaxPlayers(): number | null {
    return this.supervisor.process && this.lastPing ? this.lastPing.max : null;
  }

  /** Resolves once queued player changes are applied (uuid lookups included). */
  playersSettled(): Promise<void> {
    return this.tracker.settled();
  }

  emit(inner: InstanceEventInner, causedBy: CausedBy = { type: 'System' }, details = ''): void {
    this.deps.events.emit(
      {
        type: 'InstanceEvent',
        instance_uuid: this.deps.uuid,
        instance_name: this.deps.name(),
        instance_event_inner: inner,
      },
      { causedBy, details },
    );
  }

  dispose(): void {
    this.stopPing();
    this.deps.monitor.remove(this.deps.uuid);
  }

  private async prepare(): Promise<StartSession> {
    const view = this.deps.view();
    const prepared: PreparedStart = await this.deps.handler.prepareStart(view);
    this.source = prepared.players;
    this.lastPing = null;
    const sandbox = this.deps.sandbox;
    return {
      ...(sandbox && {
        sandbox: {
          sandbox: sandbox.sandbox,
          request: {
            instanceDir: view.dir,
            instanceId: this.deps.uuid,
            limits: sandbox.limits(),
            runtimeReadOnly: sandbox.runtimeReadOnly?.() ?? [],
          },
        },
      }),
      plan: prepared.plan,
      stop: prepared.stop,
      runningOnSpawn: prepared.runningOnSpawn,
      onLine: (line) => this.onLine(prepared, line),
      onExit: () => this.tracker.clear(),
    };
  }

  /** The console hot path: one InstanceOutput per line, then whatever the line means. */
  private onLine(prepared: PreparedStart, line: string): boolean {
    this.emit({ type: 'InstanceOutput', message: line });
    const info = prepared.parseLine(line);
    if (info.system) this.emit({ type: 'SystemMessage', message: line });
    if (info.chat)
      this.emit({
        type: 'PlayerMessage',
        player: info.chat.player,
        player_message: info.chat.message,
      });
    if (info.join !== undefined) this.tracker.join(info.join);
    if (info.leave !== undefined) this.tracker.leave(info.leave);
    return info.started;
  }

  private onState(
    to: InstanceState,
    causedBy: CausedBy,
    details: string,
    reason?: ExitReason,
  ): void {
    this.emit({ type: 'StateTransition', to, ...(reason && { reason }) }, causedBy, details);
    if (to === 'Running') this.startPing();
    else if (to !== 'Stopping') this.stopPing();
  }

  private onProcessStarted(proc: GameProcess): void {
    if (this.gate.paused) proc.pauseOutput(true);
    this.deps.monitor.setProcess(this.deps.uuid, { pid: proc.pid, startedAt: proc.startedAt });
    try {
      // The identity recorded at spawn (in a sandbox: the launcher's); /proc as a fallback.
      const identity = proc.identity;
      this.deps.processRecord.write({
        pid: proc.pid,
        start_ticks: identity ? identity.startTicks : processStartTicks(proc.pid),
        exe: identity ? identity.exe : processExe(proc.pid),
        started_at: proc.startedAt,
      });
    } catch (err) {
      this.deps.log.error({ err }, 'could not record the server process');
    }
  }

  private onProcessEnded(): void {
    this.deps.monitor.setProcess(this.deps.uuid, null);
    this.lastPing = null;
    try {
      this.deps.processRecord.remove();
    } catch (err) {
      this.deps.log.error({ err }, 'could not forget the server process');
    }
  }

  private startPing(): void {
    this.stopPing();
    if (!this.source?.ping) return;
    const run = async () => {
      const source = this.source;
      if (!source || !this.supervisor.process) return;
      const result = await pingMinecraft(this.deps.view().port);
      if (!result || !this.supervisor.process) return;
      this.lastPing = result;
      if (!source.fromOutput) {
        this.tracker.replace(
          result.sample.map((p) => ({ type: 'MinecraftPlayer', name: p.name, uuid: p.uuid })),
        );
      }
    };
    void run();
    this.pingTimer = setInterval(() => void run(), PING_INTERVAL_MS);
    this.pingTimer.unref();
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}
