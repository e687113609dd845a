import { lstat } from 'node:fs/promises';
import { z } from 'zod';
import { GENERIC_PORT_SETTING_ID, GENERIC_SECTION_ID } from '@hearth/protocol';
import type { ConfigurableValue, Player, SectionManifest, TransferGeneric } from '@hearth/protocol';
import { CoreError, badRequest, notFound } from '../../errors.ts';
import type { Resolver } from '../../lib/address-guard.ts';
import {
  BackupHooksSchema,
  GenericDefinitionError,
  PlayerManagementSchema,
  compileOutputPatterns,
  isStoredBundle,
  launchFor,
  loadGenericDefinition,
  matchOutputLine,
  resolveConfigurableSections,
  resolveStartPlan,
  StartCommandError,
  StartPlanSchema,
  startPlanKey,
  type CachedStartPlan,
  type DefinitionSandbox,
  type LoadedDefinition,
  type StartPlanOutcome,
  type StartRequest,
} from '../generic/index.ts';
import { offlineUuid } from '../minecraft/index.ts';
import type { PlayerAdmin } from '../players/player-admin.ts';
import { pingMinecraft } from '../players/server-list-ping.ts';
import type { Sandbox } from '../sandbox/index.ts';
import { StopMethodSchema } from '../supervisor/stop-method.ts';
import type {
  GameHandler,
  HandlerInstance,
  LineInfo,
  PreparedStart,
  SaveHooks,
  SettingEffect,
} from './game-handler.ts';
import { genericSection } from './generic-section.ts';
import { notForThisInstance } from './minecraft-handler.ts';

/** What a generic instance stores about its definition (instance record `data`). */
export const GenericDataSchema = z.object({
  url: z.string(),
  bundle_path: z.string(),
  stop: StopMethodSchema,
  output: z.object({
    started: z.string().optional(),
    join: z.string().optional(),
    leave: z.string().optional(),
    chat: z.string().optional(),
  }),
  ping: z.boolean(),
  /** The definition's backup save hooks (instances made before hooks existed have none). */
  backup: BackupHooksSchema.nullable().default(null),
  /** The definition's player actions (instances made before issue 27 have none). */
  players: PlayerManagementSchema.nullable().default(null),
  has_configurable: z.boolean().default(false),
  max_players: z.number().int().nullable(),
  config: z.record(z.string(), z.unknown()),
  /**
   * The last plan start() answered and the inputs it answered for (loader.ts CachedStartPlan): a
   * start with the same inputs spawns no definition process. Never taken from an adopted folder.
   */
  start_plan: z.object({ key: z.string(), plan: StartPlanSchema }).nullable().default(null),
  /**
   * Whether the owner named `url` (create, import or move-in): a rebuild of a lost bundle fetches a
   * loopback, link-local or private address only for the owner's URL or while the core runs with
   * `--private-definitions`, as the create did. Absent in records made before it was kept (and in
   * records adopted from an older Hearth's folder): such a rebuild stays allowed, as it always was,
   * so no instance that starts today stops starting.
   */
  named_by_owner: z.boolean().optional(),
});
export type GenericData = z.output<typeof GenericDataSchema>;

export function genericDataFrom(
  definition: LoadedDefinition,
  install: { max_players: number | null; config: Record<string, unknown> },
  namedByOwner: boolean,
  startPlan: CachedStartPlan | null = null,
): GenericData {
  return {
    named_by_owner: namedByOwner,
    url: definition.url,
    bundle_path: definition.bundlePath,
    stop: definition.stop,
    output: definition.output,
    ping: definition.ping?.kind === 'minecraft',
    backup: definition.backup,
    players: definition.players,
    has_configurable: definition.hasConfigurableManifest,
    max_players: install.max_players,
    config: install.config,
    start_plan: startPlan,
  };
}

/**
 * What a move to another core carries for a generic instance (issue 26): its definition and what
 * its install() answered, which the folder does not show (null: not a generic instance, or its
 * data is damaged — the move then goes by what the folder shows).
 */
export function transferGenericOf(record: {
  handler: string;
  data: Record<string, unknown>;
}): TransferGeneric | null {
  if (record.handler !== 'generic') return null;
  const parsed = GenericDataSchema.safeParse(record.data);
  if (!parsed.success) return null;
  const { url, max_players, config } = parsed.data;
  return { url, max_players, config };
}

/** A definition failure as the API shows it: one clear sentence, 400 (the definition is the user's input). */
export function definitionError(err: unknown): CoreError {
  if (err instanceof GenericDefinitionError) return badRequest(err.message);
  if (err instanceof CoreError) return err;
  return badRequest(err instanceof Error ? err.message : String(err));
}

/**
 * Each record's data parsed once: `GET /instance/list` asks every instance whether it has players
 * (100 parses per call, issue 26). A record's data object is replaced, never changed, when saved.
 */
const parsedData = new WeakMap<object, GenericData | null>();
function parseData(instance: HandlerInstance): GenericData | null {
  let data = parsedData.get(instance.data);
  if (data === undefined) {
    const parsed = GenericDataSchema.safeParse(instance.data);
    data = parsed.success ? parsed.data : null;
    parsedData.set(instance.data, data);
  }
  return data;
}

function readData(instance: HandlerInstance): GenericData {
  const data = parseData(instance);
  if (data === null)
    throw badRequest(
      'The generic definition data of this instance is damaged; recreate the instance',
    );
  return data;
}

/** Generic instances: a definition module run out of process (runtime/generic). */
export class GenericHandler implements GameHandler {
  constructor(
    private readonly cacheDir: string,
    /** Persists a new bundle path when the old bundle had to be rebuilt. */
    private readonly saveData: (uuid: string, data: GenericData) => Promise<void>,
    /** Definition code runs in the core's sandbox (null: as a plain child process). */
    private readonly sandbox: Sandbox | null = null,
    /** Host folders no file of a file:// definition may lie in (the core's data directory). */
    private readonly hiddenDirs: readonly string[] = [],
    /**
     * The core's `--private-definitions` and its resolver: how a rebuild judges a URL the owner did
     * not name (services/instance-creation.ts judges it the same way at create).
     */
    private readonly guard: { privateDefinitions: boolean; resolve?: Resolver } = {
      privateDefinitions: false,
    },
  ) {}

  private sandboxFor(instance: HandlerInstance): { sandbox?: DefinitionSandbox } {
    return this.sandbox
      ? { sandbox: { sandbox: this.sandbox, instanceId: instance.uuid, limits: instance.limits } }
      : {};
  }

  /**
   * The plan start() answers for the instance as it is now: the one kept with the instance when its
   * inputs are unchanged, else asked of the definition (in its sandbox) and kept for next time.
   */
  private async startPlan(instance: HandlerInstance, data: GenericData): Promise<StartPlanOutcome> {
    const inputs: StartRequest = {
      definitionUrl: data.url,
      instanceDir: instance.dir,
      port: instance.port,
      config: data.config,
    };
    const key = startPlanKey(data.bundle_path, inputs);
    if (data.start_plan?.key === key) return data.start_plan.plan;
    let plan;
    try {
      plan = await resolveStartPlan(data.bundle_path, inputs, this.sandboxFor(instance));
    } catch (err) {
      throw definitionError(err);
    }
    await this.saveData(instance.uuid, { ...data, start_plan: { key, plan } });
    return plan;
  }

  async prepareStart(instance: HandlerInstance): Promise<PreparedStart> {
    const data = await this.withBundle(instance);
    const plan = await this.startPlan(instance, data);
    let launch;
    try {
      launch = launchFor(plan, { instanceDir: instance.dir, definitionUrl: data.url });
    } catch (err) {
      if (!(err instanceof StartCommandError)) throw err;
      throw definitionError(new GenericDefinitionError(data.url, 'invalid', err.message));
    }
    const patterns = compileOutputPatterns(data.output);
    const parseLine = (line: string): LineInfo => {
      const match = matchOutputLine(patterns, line);
      if (match === null) return { started: false, system: false };
      switch (match.kind) {
        case 'started':
          return { started: true, system: true };
        case 'join':
          return { started: false, system: true, join: match.name };
        case 'leave':
          return { started: false, system: true, leave: match.name };
        case 'chat':
          return {
            started: false,
            system: false,
            chat: { player: match.name, message: match.message },
          };
      }
    };
    const asPlayer = (name: string, uuid: string | null): Player =>
      data.ping
        ? { type: 'MinecraftPlayer', name, uuid }
        : { type: 'GenericPlayer', id: name, name };
    return {
      plan: launch,
      stop: data.stop,
      parseLine,
      runningOnSpawn: data.output.started === undefined,
      players: {
        identify: async (name) => {
          if (!data.ping) return asPlayer(name, null);
          const ping = await pingMinecraft(instance.port, 1000);
          return asPlayer(
            name,
            ping?.sample.find((p) => p.name === name)?.uuid ?? offlineUuid(name),
          );
        },
        identifyNow: (name) => asPlayer(name, data.ping ? offlineUuid(name) : null),
        ping: data.ping,
        fromOutput: data.output.join !== undefined,
      },
    };
  }

  playersSupported(instance: HandlerInstance): boolean {
    const data = parseData(instance);
    return data !== null && (data.ping || data.output.join !== undefined);
  }

  async settingSections(instance: HandlerInstance): Promise<Record<string, SectionManifest>> {
    let data = readData(instance);
    const sections: Record<string, SectionManifest> = {
      // Hearth's own section; the definition's sections are read-only.
      [GENERIC_SECTION_ID]: genericSection(instance.port),
    };
    if (!data.has_configurable) return sections;
    data = await this.withBundle(instance);
    try {
      const extra = await resolveConfigurableSections(
        data.bundle_path,
        {
          definitionUrl: data.url,
          instanceDir: instance.dir,
          port: instance.port,
          config: data.config,
        },
        this.sandboxFor(instance),
      );
      for (const [id, section] of Object.entries(extra)) {
        if (id === GENERIC_SECTION_ID) continue;
        const settings = Object.fromEntries(
          Object.entries(section.settings).map(([key, s]) => [key, { ...s, is_mutable: false }]),
        );
        sections[id] = { ...section, settings };
      }
    } catch (err) {
      throw definitionError(err);
    }
    return sections;
  }

  async applySetting(
    instance: HandlerInstance,
    sectionId: string,
    settingId: string,
    value: ConfigurableValue,
  ): Promise<SettingEffect> {
    if (sectionId === GENERIC_SECTION_ID && settingId === GENERIC_PORT_SETTING_ID) {
      if (value.type !== 'UnsignedInteger') throw badRequest('Type mismatch');
      if (value.value < 1) throw badRequest('Value is too small');
      if (value.value > 65535) throw badRequest('Value is too large');
      return { port: value.value };
    }
    const sections = await this.settingSections(instance);
    if (sections[sectionId]?.settings[settingId]) throw badRequest('Setting is not mutable');
    throw notFound('Setting not found');
  }

  async maxPlayers(instance: HandlerInstance): Promise<number | null> {
    return readData(instance).max_players;
  }

  async setMaxPlayers(): Promise<void> {
    throw notForThisInstance('Setting max player count');
  }

  async syncCommon(): Promise<void> {
    // Generic definitions keep no copy of the common fields.
  }

  async changeVersion(): Promise<string> {
    throw notForThisInstance('Changing versions');
  }

  saveHooks(instance: HandlerInstance): SaveHooks | null {
    const hooks = parseData(instance)?.backup ?? null;
    if (hooks === null) return null;
    return {
      disable: hooks.disable,
      flush: hooks.flush,
      savedLine: new RegExp(hooks.saved, 'u'),
      enable: hooks.enable,
      timeoutMs: hooks.timeout_seconds * 1000,
    };
  }

  /** What the definition declared about player actions, as stored with the instance. */
  async playerAdmin(instance: HandlerInstance): Promise<PlayerAdmin | null> {
    const parsed = GenericDataSchema.safeParse(instance.data);
    const players = parsed.success ? parsed.data.players : null;
    if (players === null) return null;
    return {
      commands: players.commands,
      files: players.files,
      whitelistSwitch: players.whitelist_switch,
      uuids: players.uuids,
      opLevel: 4,
    };
  }

  /**
   * The stored bundle, rebuilt from the definition's URL if it was removed from the cache. Only a
   * bundle the core wrote in its own cache is ever used (and only that path is looked at): a record
   * adopted from an older Hearth's instance folder may name any file as its bundle.
   */
  private async withBundle(instance: HandlerInstance): Promise<GenericData> {
    const data = readData(instance);
    if (isStoredBundle(this.cacheDir, data.bundle_path)) {
      const info = await lstat(data.bundle_path).catch(() => null);
      if (info?.isFile()) return data;
    }
    let loaded: LoadedDefinition;
    try {
      loaded = await loadGenericDefinition(data.url, {
        cacheDir: this.cacheDir,
        hiddenDirs: this.hiddenDirs,
        // Judged by today's rule for whoever named the URL, as at create: an admin who turned
        // --private-definitions off, or a public name that now resolves privately, is not
        // bypassed. A record from before named_by_owner was kept is allowed, as it always was.
        // The address is pinned and no redirect is followed either way.
        allowPrivate: (data.named_by_owner ?? true) || this.guard.privateDefinitions,
        ...(this.guard.resolve ? { resolve: this.guard.resolve } : {}),
        ...this.sandboxFor(instance),
      });
    } catch (err) {
      throw definitionError(err);
    }
    const next = { ...data, bundle_path: loaded.bundlePath };
    await this.saveData(instance.uuid, next);
    return next;
  }
}
