import { randomUUID } from 'node:crypto';
import {
  HandlerGameTypeSchema,
  type CausedBy,
  type DotLodestoneConfig,
  type GenericCreateRequest,
  type InstanceInfo,
  type InstancePermissionKey,
  type HandlerGameType,
  type SetupManifest,
  type SetupValue,
  type UnavailableGame,
} from '@hearth/protocol';
import { badRequest, describeError, permissionDenied, toCoreError } from '../errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { BackgroundWork } from '../lib/background-work.ts';
import type { Logger } from '../lib/logger.ts';
import type { InstanceRecord, InstanceRepository } from '../repositories/instance-repository.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import { definitionError, genericDataFrom } from '../runtime/handlers/generic-handler.ts';
import {
  loadGenericDefinition,
  runInstallWithPlan,
  type LoadedDefinition,
} from '../runtime/generic/index.ts';
import {
  INSTALL_PROGRESS_TOTAL,
  FLAVOURS,
  SPIGOT_UNAVAILABLE_REASON,
  buildSetupManifest,
  checkJavaCommand,
  handlerGameTypeFor,
  javaCommandOwnerOnly,
  flavourFromHandlerGameType,
  gameFor,
  installMinecraft,
  listVersions,
  readSetupValue,
  type Flavour,
  type MinecraftUpstreams,
} from '../runtime/minecraft/index.ts';
import { instanceFolderName } from './files/file-name.ts';
import type { InstanceHost } from '../runtime/instances/instance-host.ts';
import type { Sandbox } from '../runtime/sandbox/index.ts';
import type { InstanceEntry, InstanceRegistry } from '../runtime/instances/instance-registry.ts';
import { Progression } from './instance-progression.ts';
import { validateInstanceName } from './instance-rules.ts';
import { portFromSetup, resolveSetupValue } from './instance-setup-value.ts';
import { userCause, type UserService } from './user-service.ts';

/** What the creator of an instance may do with it from the start. */
export const CREATOR_PERMISSIONS: readonly InstancePermissionKey[] = [
  'can_view_instance',
  'can_start_instance',
  'can_stop_instance',
  'can_read_instance_file',
  'can_write_instance_file',
  'can_access_instance_console',
  'can_access_instance_setting',
];

/** What `/games` lists: every flavour Hearth can really install (core-api.md §1.4.6). */
const AVAILABLE_GAMES: readonly HandlerGameType[] = FLAVOURS.map(handlerGameTypeFor);

/** Games that exist in the protocol but cannot be installed, with the reason (`GET /games/unavailable`). */
const UNAVAILABLE_GAMES: readonly UnavailableGame[] = [
  { game: 'MinecraftSpigot', reason: SPIGOT_UNAVAILABLE_REASON },
  { game: 'MinecraftBedrock', reason: 'Minecraft Bedrock servers are not supported.' },
];

/** Total of a generic install's progression (its definition reports fractions of it). */
export const GENERIC_PROGRESS_TOTAL = 100;
const VERSION_LIST_TIMEOUT_MS = 20_000;

export interface CreationDeps {
  registry: InstanceRegistry;
  repo: InstanceRepository;
  events: EventBus;
  users: UserService;
  dataDir: string;
  upstreams: MinecraftUpstreams;
  genericCacheDir: string;
  pathJava?: string;
  host: Pick<InstanceHost, 'register'>;
  info(entry: InstanceEntry): Promise<InstanceInfo>;
  background: BackgroundWork;
  log: Logger;
  safeMode: () => boolean;
  /** Definition code (describe, install) runs in the core's sandbox (null: as a child process). */
  sandbox: Sandbox | null;
  /** file:// URLs of the definitions that ship with Hearth (anyone who may load a definition may use them). */
  shippedDefinitionUrls: () => readonly string[];
}

/** The Minecraft flavour named by a `:game_type` path segment (400 for anything else). */
export function flavourForGame(game: string): Flavour {
  const parsed = HandlerGameTypeSchema.safeParse(game);
  if (!parsed.success) throw badRequest(`Unknown game type: ${game}`);
  const flavour = flavourFromHandlerGameType(parsed.data);
  if (flavour === null) throw badRequest(`${game} is not supported`);
  return flavour;
}

/**
 * Instance creation (core-api.md §1.4.7): every check that can fail fast runs before the answer,
 * which is the new uuid; the install then runs in the background and reports through
 * ProgressionStart/Update/End. A failed install leaves no folder behind.
 */
export class InstanceCreation {
  private readonly controllers = new Set<AbortController>();

  constructor(private readonly deps: CreationDeps) {}

  availableGames(): readonly HandlerGameType[] {
    return AVAILABLE_GAMES;
  }

  unavailableGames(): readonly UnavailableGame[] {
    return UNAVAILABLE_GAMES;
  }

  /**
   * A generic definition runs any program on this machine, so while safe mode is on only the owner
   * may load one (CreateInstance is checked by the route like any creation).
   */
  requireGenericRights(user: StoredUser): void {
    if (!user.isOwner && this.deps.safeMode()) {
      throw permissionDenied(
        'Generic instances run arbitrary programs: only the owner may use them while safe mode is on',
      );
    }
  }

  /**
   * A file:// URL names a file on this machine, which the core reads (as root on most hosts): that
   * is host configuration, so only the owner may name one. Anyone who may load a definition may
   * use the shipped ones and http(s) URLs.
   */
  requireDefinitionSource(url: string, user: StoredUser): void {
    if (user.isOwner || this.deps.shippedDefinitionUrls().includes(url)) return;
    // Judged as the loader will parse it (URL parsing drops leading controls, tabs and newlines).
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      return;
    }
    if (protocol !== 'file:') return;
    throw permissionDenied(
      'Only the owner may load a definition from a file on this machine (a file:// URL); use a shipped definition or an http(s) URL',
    );
  }

  abortAll(): void {
    for (const controller of this.controllers) controller.abort();
  }

  /** `GET /setup_manifest/:game_type`: the flavour's sections with its live version list. */
  async setupManifest(game: string): Promise<SetupManifest> {
    const flavour = flavourForGame(game);
    const versions = await listVersions(
      flavour,
      this.deps.upstreams,
      AbortSignal.timeout(VERSION_LIST_TIMEOUT_MS),
    );
    return buildSetupManifest(flavour, versions);
  }

  /** `PUT /generic_setup_manifest`: loads (and type-checks) the definition at `url`. */
  async genericSetupManifest(url: string, caller: StoredUser): Promise<SetupManifest> {
    this.requireDefinitionSource(url, caller);
    return (await this.loadDefinition(url)).setupManifest;
  }

  async createMinecraft(game: string, setup: SetupValue, caller: StoredUser): Promise<string> {
    const flavour = flavourForGame(game);
    const name = validateInstanceName(setup.name);
    const versions = await listVersions(
      flavour,
      this.deps.upstreams,
      AbortSignal.timeout(VERSION_LIST_TIMEOUT_MS),
    );
    const mc = readSetupValue(flavour, { ...setup, name }, versions);
    if (mc.javaCmd !== null) {
      // The Java command is host configuration (what the core starts for the server).
      if (!caller.isOwner) throw javaCommandOwnerOnly();
      await checkJavaCommand(mc.javaCmd, {
        dataDir: this.deps.dataDir,
        pathJava: this.deps.pathJava,
      });
    }
    await this.deps.registry.checkPort(mc.port);
    const { uuid, dir, progression } = await this.begin(
      name,
      mc.port,
      caller,
      `Setting up Minecraft server ${name}`,
      INSTALL_PROGRESS_TOTAL,
    );
    const controller = new AbortController();
    this.controllers.add(controller);
    const work = async (): Promise<InstanceRecord> => {
      const config = await installMinecraft({
        setup: mc,
        instanceDir: dir,
        dataDir: this.deps.dataDir,
        upstreams: this.deps.upstreams,
        onProgress: (increment, message) => progression.update(increment, message),
        signal: controller.signal,
        // Java probes and the Forge installer run in the new instance's sandbox, as its server will.
        sandbox: this.deps.sandbox && {
          sandbox: this.deps.sandbox,
          request: { instanceDir: dir, instanceId: uuid, limits: {} },
        },
        ...(this.deps.pathJava ? { pathJava: this.deps.pathJava } : {}),
      });
      return {
        uuid,
        name,
        description: mc.description,
        game: gameFor(flavour),
        version: config.version,
        port: config.port,
        creation_time: Math.floor(Date.now() / 1000),
        auto_start: mc.autoStart,
        restart_on_crash: mc.restartOnCrash,
        handler: 'minecraft',
        data: { config },
        limits: {},
      };
    };
    this.finish(uuid, dir, 'MinecraftJava', caller, progression, work, () =>
      this.controllers.delete(controller),
    );
    return uuid;
  }

  async createGeneric(request: GenericCreateRequest, caller: StoredUser): Promise<string> {
    const name = validateInstanceName(request.setup_value.name);
    this.requireDefinitionSource(request.url, caller);
    const definition = await this.loadDefinition(request.url);
    const setup: SetupValue = resolveSetupValue(definition.setupManifest, {
      ...request.setup_value,
      name,
    });
    const port = portFromSetup(setup);
    if (port !== null) await this.deps.registry.checkPort(port);
    const { uuid, dir, progression } = await this.begin(
      name,
      port,
      caller,
      `Setting up ${definition.game.game_display_name} server ${name}`,
      GENERIC_PROGRESS_TOTAL,
    );
    const work = async (): Promise<InstanceRecord> => {
      let sent = 0;
      let result;
      try {
        result = await runInstallWithPlan(
          definition.bundlePath,
          { definitionUrl: definition.url, instanceDir: dir, setupValue: setup },
          (fraction, message) => {
            const target = Math.max(0, Math.min(1, fraction)) * GENERIC_PROGRESS_TOTAL;
            if (target > sent) {
              progression.update(target - sent, message);
              sent = target;
            }
          },
          this.deps.sandbox ? { sandbox: { sandbox: this.deps.sandbox, instanceId: uuid } } : {},
        );
      } catch (err) {
        throw definitionError(err);
      }
      const { install, startPlan } = result;
      if (this.deps.registry.isPortAllocated(install.port, uuid)) {
        throw badRequest(`Port ${install.port} is already used by another instance`);
      }
      return {
        uuid,
        name,
        description: setup.description ?? '',
        game: definition.game,
        version: install.version,
        port: install.port,
        creation_time: Math.floor(Date.now() / 1000),
        auto_start: setup.auto_start,
        restart_on_crash: setup.restart_on_crash,
        handler: 'generic',
        data: genericDataFrom(definition, install, startPlan),
        limits: {},
      };
    };
    this.finish(uuid, dir, 'Generic', caller, progression, work, () => undefined);
    return uuid;
  }

  private async loadDefinition(url: string): Promise<LoadedDefinition> {
    try {
      return await loadGenericDefinition(url, {
        cacheDir: this.deps.genericCacheDir,
        hiddenDirs: [this.deps.dataDir],
        ...(this.deps.sandbox && {
          sandbox: { sandbox: this.deps.sandbox, instanceId: 'definition' },
        }),
      });
    } catch (err) {
      throw definitionError(err);
    }
  }

  /** Reserves the name and port, creates the (marked) folder and announces the progression. */
  private async begin(
    name: string,
    port: number | null,
    caller: StoredUser,
    title: string,
    total: number,
  ) {
    const uuid = `INSTANCE_${randomUUID()}`;
    this.deps.registry.reserve(uuid, name, port);
    let dir: string;
    try {
      dir = await this.deps.repo.createFolder(instanceFolderName(name, uuid));
    } catch (err) {
      this.deps.registry.release(uuid);
      throw toCoreError(err).withContext('Could not create the instance folder');
    }
    const causedBy: CausedBy = userCause(caller);
    const progression = new Progression(this.deps.events, causedBy, title, total, {
      type: 'InstanceCreation',
      instance_uuid: uuid,
    });
    return { uuid, dir, progression };
  }

  /** Runs the install in the background; success registers the instance, failure removes the folder. */
  private finish(
    uuid: string,
    dir: string,
    gameType: DotLodestoneConfig['game_type'],
    caller: StoredUser,
    progression: Progression,
    work: () => Promise<InstanceRecord>,
    done: () => void,
  ): void {
    this.deps.background.track(
      (async () => {
        try {
          const record = await work();
          await this.deps.repo.register(
            dir,
            { game_type: gameType, uuid, creation_time: record.creation_time },
            record,
          );
          const entry = this.deps.host.register(dir, record);
          this.deps.registry.release(uuid);
          try {
            await this.deps.users.grantInstance(caller.uid, uuid, CREATOR_PERMISSIONS);
          } catch (err) {
            this.deps.log.error(
              { err },
              'could not grant the creator permissions on the new instance',
            );
          }
          progression.end(true, 'Instance created successfully', {
            type: 'InstanceCreation',
            ...(await this.deps.info(entry)),
          });
        } catch (err) {
          await this.deps.repo.removeFolder(dir).catch(() => undefined);
          this.deps.registry.release(uuid);
          progression.end(false, `Instance creation failed: ${describeError(err)}`, null);
        } finally {
          done();
        }
      })(),
    );
  }
}
