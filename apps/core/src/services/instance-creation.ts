import { randomUUID } from 'node:crypto';
import {
  HandlerGameTypeSchema,
  type CausedBy,
  type DotLodestoneConfig,
  type GenericCreateRequest,
  type ImportCreateBody,
  type InstanceInfo,
  type InstancePermissionKey,
  type HandlerGameType,
  type SetupManifest,
  type SetupValue,
  type TransferGeneric,
  type UnavailableGame,
} from '@hearth/protocol';
import { badRequest, describeError, permissionDenied, toCoreError } from '../errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Resolver } from '../lib/address-guard.ts';
import type { BackgroundWork } from '../lib/background-work.ts';
import type { Logger } from '../lib/logger.ts';
import type { InstanceRecord, InstanceRepository } from '../repositories/instance-repository.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import { definitionError, genericDataFrom } from '../runtime/handlers/generic-handler.ts';
import {
  CUSTOM_COMMAND_DEFINITION_URL,
  loadGenericDefinition,
  runInstallWithPlan,
  type LoadedDefinition,
} from '../runtime/generic/index.ts';
import {
  IMPORT_PROGRESS_TOTAL,
  INSTALL_PROGRESS_TOTAL,
  FLAVOURS,
  SERVER_JAR,
  SPIGOT_UNAVAILABLE_REASON,
  buildSetupManifest,
  checkJavaCommand,
  handlerGameTypeFor,
  javaCommandOwnerOnly,
  flavourFromHandlerGameType,
  gameFor,
  importMinecraft,
  installMinecraft,
  listVersions,
  readSetupValue,
  type Flavour,
  type InstallOptions,
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
  'can_manage_instance_players',
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
  /**
   * The machine's `--private-definitions`: users who are not the owner may name definitions on
   * private addresses too. Not the webhooks' "Allow private targets": an owner who lets a webhook
   * reach a LAN receiver has not let every creator point definition fetches into the LAN.
   */
  privateDefinitions: boolean;
  /** How host names are resolved for the outbound guard. */
  resolve: Resolver;
}

/** A generic instance received from another core (issue 26): what the source announced. */
export interface TransferredGeneric extends TransferGeneric {
  name: string;
  description: string;
  auto_start: boolean;
  restart_on_crash: boolean;
  version: string;
  port: number;
  /** The game the source ran: the definition loaded here must still describe it. */
  game_name: string;
}

function isFileUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'file:';
  } catch {
    return false;
  }
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

  /**
   * An http(s) definition is a request the core makes where the caller points it (as root, on the
   * host's network). The owner chooses what the core loads, a LAN or loopback server included (as
   * they may name a file:// one); for anyone else the outbound guard refuses loopback, link-local
   * and private addresses unless the core runs with `--private-definitions`. The address is judged once and
   * every module is fetched from it, without redirects (runtime/generic/bundler.ts).
   */
  private allowPrivateDefinitions(user: StoredUser): boolean {
    return user.isOwner || this.deps.privateDefinitions;
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
    return (await this.loadDefinition(url, caller)).setupManifest;
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
        ...this.minecraftJobOptions(uuid, dir, progression, controller.signal),
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

  createGeneric(request: GenericCreateRequest, caller: StoredUser): Promise<string> {
    return this.createFromDefinition(request, caller, 'Setting up');
  }

  /**
   * A definition's instance, set up in the background: its install() runs in a new folder, or, for
   * an import, in the staged folder moved into place.
   */
  private async createFromDefinition(
    request: GenericCreateRequest,
    caller: StoredUser,
    verb: 'Setting up' | 'Importing',
    staged?: string,
  ): Promise<string> {
    const name = validateInstanceName(request.setup_value.name);
    this.requireDefinitionSource(request.url, caller);
    const definition = await this.loadDefinition(request.url, caller);
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
      `${verb} ${definition.game.game_display_name} server ${name}`,
      GENERIC_PROGRESS_TOTAL,
      staged,
    );
    this.finish(
      uuid,
      dir,
      'Generic',
      caller,
      progression,
      () => this.installGeneric(definition, setup, uuid, dir, progression, caller),
      () => undefined,
    );
    return uuid;
  }

  /**
   * An existing server folder (an import, staged and detected by services/imports) becomes an
   * instance: it is moved into place as the new instance's folder, then set up in the background as
   * an install would be (Minecraft: Java and the settings the user confirmed; a definition, the
   * shipped start-command one included: its install() in that folder, in the sandbox). Whatever
   * the folder holds runs as the game, so the caller may create generic games (checked here too).
   */
  async createImported(
    staged: string,
    body: ImportCreateBody,
    caller: StoredUser,
  ): Promise<string> {
    this.requireGenericRights(caller);
    if (body.kind === 'minecraft') return this.importMinecraft(staged, body, caller);
    const request: GenericCreateRequest =
      body.kind === 'definition'
        ? { url: body.url, setup_value: body.setup_value }
        : {
            url: CUSTOM_COMMAND_DEFINITION_URL,
            setup_value: {
              name: body.name,
              description: body.description,
              auto_start: body.auto_start,
              restart_on_crash: body.restart_on_crash,
              setting_sections: {
                section_1: {
                  settings: {
                    command: { value: { type: 'String', value: body.command } },
                    port: { value: { type: 'UnsignedInteger', value: body.port } },
                  },
                },
              },
            },
          };
    return this.createFromDefinition(request, caller, 'Importing', staged);
  }

  /**
   * A generic instance received from another core (issue 26) whose folder does not show how it
   * starts. Its definition is loaded here as a create loads one — the same rules on who may name
   * it, this core's own loader and outbound guard — and the install result the source recorded is
   * kept, so the copy starts as the original did: install() does not run again over the received
   * files. A file:// URL names a file on the source machine; only the same shipped one is taken.
   */
  async createTransferred(
    staged: string,
    moved: TransferredGeneric,
    caller: StoredUser,
  ): Promise<string> {
    this.requireGenericRights(caller);
    const name = validateInstanceName(moved.name);
    this.requireDefinitionSource(moved.url, caller);
    if (isFileUrl(moved.url) && !this.deps.shippedDefinitionUrls().includes(moved.url))
      throw badRequest(
        'This instance cannot be moved: its definition is a file on the source machine',
        `${moved.url} is not a definition this core ships; serve the definition over http(s) and create the instance from it on the source`,
      );
    const definition = await this.loadDefinition(moved.url, caller).catch((err: unknown) => {
      throw toCoreError(err).withContext(
        'This instance cannot be moved: this core could not load its definition',
      );
    });
    if (definition.game.game_name !== moved.game_name)
      throw badRequest(
        'This instance cannot be moved: its definition now describes another game',
        `${moved.url} is ${definition.game.game_name}; the instance is ${moved.game_name}`,
      );
    const port = moved.port === 0 ? null : moved.port;
    if (port !== null) await this.deps.registry.checkPort(port);
    const { uuid, dir, progression } = await this.begin(
      name,
      port,
      caller,
      `Receiving ${definition.game.game_display_name} server ${name}`,
      GENERIC_PROGRESS_TOTAL,
      staged,
    );
    const record = (): Promise<InstanceRecord> =>
      Promise.resolve({
        uuid,
        name,
        description: moved.description,
        game: definition.game,
        version: moved.version,
        port: moved.port,
        creation_time: Math.floor(Date.now() / 1000),
        auto_start: moved.auto_start,
        restart_on_crash: moved.restart_on_crash,
        handler: 'generic',
        data: genericDataFrom(
          definition,
          { max_players: moved.max_players, config: moved.config },
          caller.isOwner,
        ),
        limits: {},
      });
    this.finish(uuid, dir, 'Generic', caller, progression, record, () => undefined);
    return uuid;
  }

  private async importMinecraft(
    staged: string,
    body: Extract<ImportCreateBody, { kind: 'minecraft' }>,
    caller: StoredUser,
  ): Promise<string> {
    const name = validateInstanceName(body.name);
    if (body.min_ram > body.max_ram)
      throw badRequest('Minimum RAM cannot be more than maximum RAM');
    await this.deps.registry.checkPort(body.port);
    const { uuid, dir, progression } = await this.begin(
      name,
      body.port,
      caller,
      `Importing Minecraft server ${name}`,
      IMPORT_PROGRESS_TOTAL,
      staged,
    );
    const controller = new AbortController();
    this.controllers.add(controller);
    const work = async (): Promise<InstanceRecord> => {
      const { config, serverJar } = await importMinecraft({
        setup: {
          name,
          description: body.description,
          flavour: body.flavour,
          version: body.version,
          loaderVersion: body.loader_version,
          serverJar: body.server_jar,
          javaMajor: body.java_major,
          minRam: body.min_ram,
          maxRam: body.max_ram,
          cmdArgs: body.cmd_args.filter((a) => a.trim() !== ''),
          port: body.port,
          autoStart: body.auto_start,
          restartOnCrash: body.restart_on_crash,
        },
        ...this.minecraftJobOptions(uuid, dir, progression, controller.signal),
      });
      return {
        uuid,
        name,
        description: body.description,
        game: gameFor(body.flavour),
        version: config.version,
        port: config.port,
        creation_time: Math.floor(Date.now() / 1000),
        auto_start: body.auto_start,
        restart_on_crash: body.restart_on_crash,
        handler: 'minecraft',
        data: serverJar === SERVER_JAR ? { config } : { config, server_jar: serverJar },
        limits: {},
      };
    };
    this.finish(uuid, dir, 'MinecraftJava', caller, progression, work, () =>
      this.controllers.delete(controller),
    );
    return uuid;
  }

  /** What a Minecraft install and a Minecraft import both need besides the setup. */
  private minecraftJobOptions(
    uuid: string,
    dir: string,
    progression: Progression,
    signal: AbortSignal,
  ): Omit<InstallOptions, 'setup'> {
    return {
      instanceDir: dir,
      dataDir: this.deps.dataDir,
      upstreams: this.deps.upstreams,
      onProgress: (increment, message) => progression.update(increment, message),
      signal,
      // Java probes and the Forge installer run in the new instance's sandbox, as its server will.
      sandbox: this.deps.sandbox && {
        sandbox: this.deps.sandbox,
        request: { instanceDir: dir, instanceId: uuid, limits: {} },
      },
      ...(this.deps.pathJava ? { pathJava: this.deps.pathJava } : {}),
    };
  }

  /** A definition's install() in the instance folder (sandboxed), as the instance's record. */
  private async installGeneric(
    definition: LoadedDefinition,
    setup: SetupValue,
    uuid: string,
    dir: string,
    progression: Progression,
    caller: StoredUser,
  ): Promise<InstanceRecord> {
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
      name: setup.name,
      description: setup.description ?? '',
      game: definition.game,
      version: install.version,
      port: install.port,
      creation_time: Math.floor(Date.now() / 1000),
      auto_start: setup.auto_start,
      restart_on_crash: setup.restart_on_crash,
      handler: 'generic',
      data: genericDataFrom(definition, install, caller.isOwner, startPlan),
      limits: {},
    };
  }

  private async loadDefinition(url: string, caller: StoredUser): Promise<LoadedDefinition> {
    try {
      return await loadGenericDefinition(url, {
        cacheDir: this.deps.genericCacheDir,
        hiddenDirs: [this.deps.dataDir],
        allowPrivate: this.allowPrivateDefinitions(caller),
        resolve: this.deps.resolve,
        ...(this.deps.sandbox && {
          // No instance yet: it runs as the uid that owns no instance folder.
          sandbox: { sandbox: this.deps.sandbox, instanceId: 'definition', owner: null },
        }),
      });
    } catch (err) {
      throw definitionError(err);
    }
  }

  /**
   * Reserves the name and port, creates the (marked) folder — or moves a staged import's folder
   * into place as it — and announces the progression.
   */
  private async begin(
    name: string,
    port: number | null,
    caller: StoredUser,
    title: string,
    total: number,
    staged?: string,
  ) {
    const uuid = `INSTANCE_${randomUUID()}`;
    this.deps.registry.reserve(uuid, name, port);
    let dir: string;
    try {
      const folder = instanceFolderName(name, uuid);
      dir =
        staged === undefined
          ? await this.deps.repo.createFolder(folder)
          : await this.deps.repo.placeFolder(staged, folder);
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
          await this.deps.repo.removeFolder(dir, uuid).catch(() => undefined);
          this.deps.registry.release(uuid);
          progression.end(false, `Instance creation failed: ${describeError(err)}`, null);
        } finally {
          done();
        }
      })(),
    );
  }
}
