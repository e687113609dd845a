import path from 'node:path';
import type { ConfigurableValue, Player, SectionManifest } from '@hearth/protocol';
import { unsupported } from '../../errors.ts';
import {
  SERVER_PROPERTIES_FILE,
  applySetting,
  buildLaunchCommand,
  changeMinecraftVersion,
  getProperty,
  lookupUuid,
  offlineUuid,
  parseMinecraftLine,
  readConfigurableManifest,
  readMinecraftConfig,
  readProperties,
  setProperty,
  writeMinecraftConfig,
  writePropertiesAtomic,
  type MinecraftUpstreams,
} from '../minecraft/index.ts';
import { pingMinecraft } from '../players/server-list-ping.ts';
import type {
  GameHandler,
  HandlerInstance,
  LineInfo,
  PreparedStart,
  SettingEffect,
} from './game-handler.ts';

export const DEFAULT_MAX_PLAYERS = 20;

export interface MinecraftHandlerOptions {
  dataDir: string;
  upstreams: MinecraftUpstreams;
  /** The Java to consider "on the PATH" when a version needs one (default `java`). */
  pathJava?: string;
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

  async prepareStart(instance: HandlerInstance): Promise<PreparedStart> {
    const config = await readMinecraftConfig(instance.dir);
    const command = await buildLaunchCommand(config, instance.dir);
    const properties = await readProperties(path.join(instance.dir, SERVER_PROPERTIES_FILE));
    const onlineMode =
      (getProperty(properties, 'online-mode') ?? 'true').trim().toLowerCase() !== 'false';
    if (!config.has_started)
      await writeMinecraftConfig(instance.dir, { ...config, has_started: true });
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

  async settingSections(instance: HandlerInstance): Promise<Record<string, SectionManifest>> {
    const config = await readMinecraftConfig(instance.dir);
    return (await readConfigurableManifest(instance.dir, config)).setting_sections;
  }

  async applySetting(
    instance: HandlerInstance,
    sectionId: string,
    settingId: string,
    value: ConfigurableValue,
  ): Promise<SettingEffect> {
    const config = await applySetting(instance.dir, sectionId, settingId, value);
    return config.port !== instance.port ? { port: config.port } : {};
  }

  async maxPlayers(instance: HandlerInstance): Promise<number | null> {
    const properties = await readProperties(path.join(instance.dir, SERVER_PROPERTIES_FILE));
    const text = getProperty(properties, 'max-players')?.trim();
    return text !== undefined && /^\d+$/.test(text) ? Number(text) : DEFAULT_MAX_PLAYERS;
  }

  async setMaxPlayers(instance: HandlerInstance, max: number): Promise<void> {
    const file = path.join(instance.dir, SERVER_PROPERTIES_FILE);
    await writePropertiesAtomic(
      file,
      setProperty(await readProperties(file), 'max-players', String(max)),
    );
  }

  async syncCommon(instance: HandlerInstance): Promise<void> {
    const config = await readMinecraftConfig(instance.dir);
    await writeMinecraftConfig(instance.dir, {
      ...config,
      name: instance.name,
      description: instance.description,
      port: instance.port,
      auto_start: instance.autoStart,
      restart_on_crash: instance.restartOnCrash,
    });
  }

  async changeVersion(instance: HandlerInstance, version: string): Promise<string> {
    const config = await changeMinecraftVersion({
      instanceDir: instance.dir,
      dataDir: this.options.dataDir,
      upstreams: this.options.upstreams,
      newVersion: version,
      ...(this.options.pathJava !== undefined ? { pathJava: this.options.pathJava } : {}),
    });
    return config.version;
  }
}

/** Thrown by handlers for what their game cannot do. */
export const notForThisInstance = (what: string) =>
  unsupported(`${what} is unsupported for this instance`);
