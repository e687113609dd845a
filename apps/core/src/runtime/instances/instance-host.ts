import type { ResourceLimits } from '@hearth/protocol';
import type { CoreConfig } from '../../config.ts';
import { describeError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Logger } from '../../lib/logger.ts';
import type { InstanceRecord, InstanceRepository } from '../../repositories/instance-repository.ts';
import type { GameHandler } from '../handlers/game-handler.ts';
import { GenericHandler } from '../handlers/generic-handler.ts';
import { MinecraftDataSchema, MinecraftHandler } from '../handlers/minecraft-handler.ts';
import { InstanceRuntime } from '../instance-runtime.ts';
import type { MinecraftUpstreams } from '../minecraft/index.ts';
import type { MonitorHub } from '../monitor/monitor-hub.ts';
import {
  coreDefaultLimits,
  definitionReadOnlyPaths,
  instanceDefaultLimits,
  withDefaults,
  type Sandbox,
} from '../sandbox/index.ts';
import { DEFAULT_CRASH_POLICY, type CrashPolicy } from '../supervisor/crash-guard.ts';
import { handlerView, type InstanceEntry, type InstanceRegistry } from './instance-registry.ts';

export interface InstanceHostDeps {
  config: CoreConfig;
  events: EventBus;
  monitor: MonitorHub;
  registry: InstanceRegistry;
  repo: InstanceRepository;
  upstreams: MinecraftUpstreams;
  genericCacheDir: string;
  log: Logger;
  /** Runs every server sandboxed (null with `--isolation none`). */
  sandbox: Sandbox | null;
}

/**
 * Turns stored instances into live ones: picks the game handler, wires an InstanceRuntime (supervisor,
 * console, players, monitor, pid file) and keeps each record and the handler's own files in step.
 */
export class InstanceHost {
  private readonly handlers: { minecraft: MinecraftHandler; generic: GenericHandler };
  private readonly crashPolicy: CrashPolicy;
  private readonly coreLimits: ResourceLimits;

  constructor(private readonly deps: InstanceHostDeps) {
    const { config } = deps;
    this.coreLimits = coreDefaultLimits(config.defaultLimits);
    const pathJava = config.javaCommand ?? undefined;
    this.handlers = {
      minecraft: new MinecraftHandler({
        dataDir: config.dataDir,
        upstreams: deps.upstreams,
        ...(pathJava ? { pathJava } : {}),
        saveData: (uuid, data) => this.save(uuid, { data }),
        sandbox: deps.sandbox,
      }),
      generic: new GenericHandler(
        deps.genericCacheDir,
        (uuid, data) => this.save(uuid, { data }),
        deps.sandbox,
        [config.dataDir],
        {
          privateDefinitions: config.privateDefinitions ?? false,
          ...(config.webhooks?.resolve ? { resolve: config.webhooks.resolve } : {}),
        },
      ),
    };
    this.crashPolicy = {
      maxRestarts: config.crashRestarts?.max ?? DEFAULT_CRASH_POLICY.maxRestarts,
      windowMs: config.crashRestarts?.windowMs ?? DEFAULT_CRASH_POLICY.windowMs,
      delayMs: config.crashRestarts?.delayMs ?? DEFAULT_CRASH_POLICY.delayMs,
    };
  }

  /** Builds the live entry for a folder and adds it to the registry. */
  register(dir: string, record: InstanceRecord): InstanceEntry {
    const { deps } = this;
    const handler: GameHandler =
      record.handler === 'minecraft' ? this.handlers.minecraft : this.handlers.generic;
    // The runtime reads the entry's current record (name, port, ... change while it lives).
    const current: { entry: InstanceEntry | null } = { entry: null };
    const now = () => (current.entry ?? { record }).record;
    const runtime = new InstanceRuntime({
      ...(deps.sandbox && {
        sandbox: {
          sandbox: deps.sandbox,
          limits: () => withDefaults(now().limits, this.defaultLimitsOf(now())),
          runtimeReadOnly: () => {
            const url = now().data.url;
            return now().handler === 'generic' && typeof url === 'string'
              ? definitionReadOnlyPaths(url)
              : [];
          },
        },
      }),
      uuid: record.uuid,
      events: deps.events,
      monitor: deps.monitor,
      handler,
      log: deps.log,
      view: () => handlerView(current.entry ?? { uuid: record.uuid, dir, record }),
      name: () => (current.entry ?? { record }).record.name,
      stopTimeoutMs: deps.config.stopTimeoutMs,
      crashPolicy: this.crashPolicy,
      processRecord: {
        write: (process) => deps.repo.writeProcess(record.uuid, process),
        remove: () => deps.repo.removeProcess(record.uuid),
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
    deps.registry.add(entry);
    return entry;
  }

  /**
   * The limits an instance's sandbox gets where it sets none (issue 22): the core's defaults, with
   * a Minecraft server's memory following its max RAM (read from the record, which the game
   * cannot write).
   */
  defaultLimitsOf(record: InstanceRecord): ResourceLimits {
    const minecraft =
      record.handler === 'minecraft' ? MinecraftDataSchema.safeParse(record.data) : null;
    return instanceDefaultLimits(
      this.coreLimits,
      minecraft?.success ? minecraft.data.config.max_ram : null,
    );
  }

  /** Applies `patch` to the record and writes it atomically; `sync` also updates the handler's files. */
  async save(uuid: string, patch: Partial<InstanceRecord>, sync = false): Promise<void> {
    const entry = this.deps.registry.get(uuid);
    const next: InstanceRecord = { ...entry.record, ...patch };
    await this.deps.repo.writeRecord(next);
    entry.record = next;
    if (!sync) return;
    try {
      await entry.handler.syncCommon(handlerView(entry));
    } catch (err) {
      this.deps.log.warn(
        `Could not mirror the settings of ${uuid} into its game config: ${describeError(err)}`,
      );
    }
  }
}
