import { z } from 'zod';
import type { ConfigurableValue, Player, SectionManifest } from '@hearth/protocol';
import { badRequest, unsupported } from '../../errors.ts';
import {
  MINECRAFT_SAVE_HOOKS,
  SERVER_PROPERTIES_FILE,
  MinecraftConfigSchema,
  applySetting,
  buildLaunchCommand,
  changeMinecraftVersion,
  checkJavaCommand,
  getProperty,
  lookupUuid,
  offlineUuid,
  parseMinecraftLine,
  readConfigurableManifest,
  readServerProperties,
  setProperty,
  writeMinecraftConfig,
  writeServerProperties,
  type JavaPolicy,
  type MinecraftConfig,
  type MinecraftUpstreams,
} from '../minecraft/index.ts';
import {
  VANILLA_PLAYER_COMMANDS,
  VANILLA_PLAYER_FILES,
  type PlayerAdmin,
} from '../players/player-admin.ts';
import { pingMinecraft } from '../players/server-list-ping.ts';
import type { Sandbox, SandboxLaunch } from '../sandbox/index.ts';
import type {
  GameHandler,
  HandlerInstance,
  LineInfo,
  PreparedStart,
  SaveHooks,
  SettingCaller,
  SettingEffect,
} from './game-handler.ts';

export const DEFAULT_MAX_PLAYERS = 20;

export interface MinecraftHandlerOptions {
  dataDir: string;
  upstreams: MinecraftUpstreams;
  /** The Java to consider "on the PATH" when a version needs one (default `java`). */
  pathJava?: string;
  /** Stores the instance's Minecraft data in its record (never in the instance folder). */
  saveData(uuid: string, data: MinecraftData): Promise<void>;
  /**
   * The sandbox every server runs in: the Java a version change tries runs there too, as the game
   * would (null with `--isolation none`).
   */
  sandbox: Sandbox | null;
}

/**
 * What a Minecraft instance's record keeps: Lodestone's config shape, owned by the core, and for an
 * imported server the jar it starts from when that is not `server.jar` (a version change downloads
 * `server.jar` and forgets it).
 */
export const MinecraftDataSchema = z.object({
  config: MinecraftConfigSchema,
  server_jar: z.string().optional(),
});
export type MinecraftData = z.output<typeof MinecraftDataSchema>;

function minecraftDataOf(instance: HandlerInstance): MinecraftData {
  const parsed = MinecraftDataSchema.safeParse(instance.data);
  if (!parsed.success)
    throw badRequest('The Minecraft settings of this instance are damaged; recreate the instance');
  return parsed.data;
}

/**
 * The instance's Minecraft settings from its stored record, with the common fields the record owns.
 * `.lodestone_minecraft_config.json` in the folder is only a mirror written for Lodestone; a file
 * user can edit it, so it is never read back.
 */
export function minecraftConfigOf(instance: HandlerInstance): MinecraftConfig {
  return {
    ...minecraftDataOf(instance).config,
    name: instance.name,
    description: instance.description,
    port: instance.port,
    auto_start: instance.autoStart,
    restart_on_crash: instance.restartOnCrash,
  };
}

export function minecraftLineInfo(line: string): LineInfo {
  const parsed = parseMinecraftLine(line);
  const info: LineInfo = { started: parsed.started, system: parsed.system !== undefined };
  if (parsed.join !== undefined) info.join = parsed.join;
  if (parsed.leave !== undefined) info.leave = parsed.leave;
  if (parsed.chat) info.chat = parsed.chat;
  return info;
}

/** A Minecraft player's uuid: the server's own ping sample first, then Mojang (online mode) or the offline uuid. */
export async function identifyMinecraftPlayer(
  name: string,
  port: number,
  fallback: (name: string) => Promise<string>,
): Promise<Player> {
  const ping = await pingMinecraft(port, 1000);
  const fromSample = ping?.sample.find((p) => p.name === name)?.uuid;
  const uuid = fromSample ?? (await fallback(name));
  return { type: 'MinecraftPlayer', name, uuid };
}

/** Minecraft Java (Vanilla, Fabric, Forge, Paper) through `runtime/minecraft`. */
export class MinecraftHandler implements GameHandler {
  constructor(private readonly options: MinecraftHandlerOptions) {}

  private get policy(): JavaPolicy {
    return { dataDir: this.options.dataDir, pathJava: this.options.pathJava };
  }

  /** The instance's own sandbox, as its server gets it at start. */
  private sandboxFor(instance: HandlerInstance): SandboxLaunch | null {
    const sandbox = this.options.sandbox;
    return sandbox
      ? {
          sandbox,
          request: {
            instanceDir: instance.dir,
            instanceId: instance.uuid,
            limits: instance.limits,
          },
        }
      : null;
  }

  async prepareStart(instance: HandlerInstance): Promise<PreparedStart> {
    const config = minecraftConfigOf(instance);
    if (config.java_cmd) await checkJavaCommand(config.java_cmd, this.policy);
    const serverJar = minecraftDataOf(instance).server_jar;
    const command = await buildLaunchCommand(config, instance.dir, process.platform, serverJar);
    const properties = await readServerProperties(instance.dir);
    const onlineMode =
      (getProperty(properties, 'online-mode') ?? 'true').trim().toLowerCase() !== 'false';
    if (!config.has_started)
      await this.options.saveData(instance.uuid, {
        ...minecraftDataOf(instance),
        config: { ...config, has_started: true },
      });
    const upstreams = this.options.upstreams;
    const fallback = (name: string) =>
      onlineMode ? lookupUuid(name, upstreams) : Promise.resolve(offlineUuid(name));
    return {
      plan: { command: command.command, args: command.args, cwd: command.cwd },
      stop: { command: 'stop' },
      parseLine: minecraftLineInfo,
      runningOnSpawn: false,
      players: {
        identify: (name) => identifyMinecraftPlayer(name, instance.port, fallback),
        identifyNow: (name) => ({
          type: 'MinecraftPlayer',
          name,
          uuid: onlineMode ? null : offlineUuid(name),
        }),
        ping: true,
        fromOutput: true,
      },
    };
  }

  playersSupported(): boolean {
    return true;
  }

  async settingSections(
    instance: HandlerInstance,
    viewer: SettingCaller,
  ): Promise<Record<string, SectionManifest>> {
    const config = minecraftConfigOf(instance);
    return (await readConfigurableManifest(instance.dir, config, viewer)).setting_sections;
  }

  async applySetting(
    instance: HandlerInstance,
    sectionId: string,
    settingId: string,
    value: ConfigurableValue,
    caller: SettingCaller,
  ): Promise<SettingEffect> {
    const config = await applySetting(
      instance.dir,
      minecraftConfigOf(instance),
      sectionId,
      settingId,
      value,
      this.policy,
      caller,
    );
    await this.options.saveData(instance.uuid, { ...minecraftDataOf(instance), config });
    return config.port !== instance.port ? { port: config.port } : {};
  }

  async maxPlayers(instance: HandlerInstance): Promise<number | null> {
    const properties = await readServerProperties(instance.dir);
    const text = getProperty(properties, 'max-players')?.trim();
    return text !== undefined && /^\d+$/.test(text) ? Number(text) : DEFAULT_MAX_PLAYERS;
  }

  async setMaxPlayers(instance: HandlerInstance, max: number): Promise<void> {
    const properties = await readServerProperties(instance.dir);
    await writeServerProperties(instance.dir, setProperty(properties, 'max-players', String(max)));
  }

  /** Refreshes Lodestone's mirror of the settings in the folder (written, never read). */
  async syncCommon(instance: HandlerInstance): Promise<void> {
    await writeMinecraftConfig(instance.dir, minecraftConfigOf(instance));
  }

  async changeVersion(instance: HandlerInstance, version: string): Promise<string> {
    const config = await changeMinecraftVersion({
      instanceDir: instance.dir,
      config: minecraftConfigOf(instance),
      dataDir: this.options.dataDir,
      upstreams: this.options.upstreams,
      newVersion: version,
      sandbox: this.sandboxFor(instance),
      ...(this.options.pathJava !== undefined ? { pathJava: this.options.pathJava } : {}),
    });
    // The new version's jar is server.jar, whatever an imported server started from before.
    await this.options.saveData(instance.uuid, { config });
    return config.version;
  }

  saveHooks(): SaveHooks {
    return MINECRAFT_SAVE_HOOKS;
  }

  /** Vanilla's commands and files; `server.properties` says online mode, the op level and the whitelist. */
  async playerAdmin(instance: HandlerInstance): Promise<PlayerAdmin> {
    const properties = await readServerProperties(instance.dir);
    const online = (getProperty(properties, 'online-mode') ?? 'true').trim().toLowerCase();
    const level = Number((getProperty(properties, 'op-permission-level') ?? '').trim());
    return {
      commands: { ...VANILLA_PLAYER_COMMANDS },
      files: { ...VANILLA_PLAYER_FILES },
      whitelistSwitch: { file: SERVER_PROPERTIES_FILE, format: 'properties', key: 'white-list' },
      uuids: online === 'false' ? 'offline' : 'online',
      opLevel: Number.isInteger(level) && level >= 1 && level <= 4 ? level : 4,
    };
  }
}

/** Thrown by handlers for what their game cannot do. */
export const notForThisInstance = (what: string) =>
  unsupported(`${what} is unsupported for this instance`);
