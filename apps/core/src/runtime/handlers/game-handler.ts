import type { ConfigurableValue, Player, ResourceLimits, SectionManifest } from '@hearth/protocol';
import type { PlayerAdmin } from '../players/player-admin.ts';
import type { LaunchPlan } from '../supervisor/game-process.ts';
import type { StopMethod } from '../supervisor/stop-method.ts';

/** What one console line means beyond being output (core-api.md §3.5, §3.6). */
export interface LineInfo {
  /** The server finished starting (`Done (…)!` for Minecraft). */
  started: boolean;
  /** Emit a SystemMessage with the whole line. */
  system: boolean;
  join?: string;
  leave?: string;
  chat?: { player: string; message: string };
}

/** The instance as a handler sees it: where it lives and its common fields. */
export interface HandlerInstance {
  uuid: string;
  dir: string;
  name: string;
  description: string;
  port: number;
  autoStart: boolean;
  restartOnCrash: boolean;
  /** Handler-specific data stored in the instance record. */
  data: Record<string, unknown>;
  /** The limits its sandbox gets. */
  limits: ResourceLimits;
}

/** How players are named and counted while a server runs. */
export interface PlayerSource {
  /** Builds the Player for a name seen joining (may look a uuid up; must never reject). */
  identify(name: string): Promise<Player>;
  identifyNow(name: string): Player;
  /** Server List Ping on the instance port is available (count, max, sample). */
  ping: boolean;
  /** The output names joins and leaves; when false, a ping is the only source of the list. */
  fromOutput: boolean;
}

export interface PreparedStart {
  plan: LaunchPlan;
  stop: StopMethod;
  parseLine(line: string): LineInfo;
  players: PlayerSource;
  /** No output marks the end of starting: the server counts as Running once spawned. */
  runningOnSpawn: boolean;
}

/**
 * How a game makes its files consistent for a backup while it runs (services/backups): commands
 * that stop its own saving, a command that flushes everything, the console line that says the
 * flush is done, and the commands that turn saving back on (always sent, even when the archive fails).
 */
export interface SaveHooks {
  disable: readonly string[];
  flush: string;
  savedLine: RegExp;
  enable: readonly string[];
  /** How long to wait for `savedLine` before archiving anyway (the backup is then marked live). */
  timeoutMs: number;
}

/** Who reads or changes an instance's settings: host configuration is the owner's alone. */
export interface SettingCaller {
  isOwner: boolean;
}

/** The result of a setting change the service must mirror into its record. */
export interface SettingEffect {
  port?: number;
}

/**
 * What differs per game kind (Minecraft Java flavours; generic definitions). The supervisor, the
 * console, players and monitor are shared; a handler only answers these questions.
 */
export interface GameHandler {
  prepareStart(instance: HandlerInstance): Promise<PreparedStart>;
  /** Whether the game reports players at all (InstanceInfo player fields are null otherwise). */
  playersSupported(instance: HandlerInstance): boolean;
  /** Sections of `GET /instance/:uuid/settings` (read fresh each time), as `viewer` may change them. */
  settingSections(
    instance: HandlerInstance,
    viewer: SettingCaller,
  ): Promise<Record<string, SectionManifest>>;
  /** Applies a change; a setting that is host configuration is refused (403) to all but the owner. */
  applySetting(
    instance: HandlerInstance,
    sectionId: string,
    settingId: string,
    value: ConfigurableValue,
    caller: SettingCaller,
  ): Promise<SettingEffect>;
  /** The configured player limit (null when the game has none). */
  maxPlayers(instance: HandlerInstance): Promise<number | null>;
  /** Changes the player limit; throws UnsupportedOperation where the game cannot. */
  setMaxPlayers(instance: HandlerInstance, max: number): Promise<void>;
  /** Copies the common fields into the handler's own files (e.g. Lodestone's RestoreConfig). */
  syncCommon(instance: HandlerInstance): Promise<void>;
  /** Replaces the game version (stopped instances only); throws UnsupportedOperation where impossible. */
  changeVersion(instance: HandlerInstance, version: string): Promise<string>;
  /** The game's backup save hooks, or null (a backup while it runs is then taken live). */
  saveHooks(instance: HandlerInstance): SaveHooks | null;
  /** How players are kicked, banned, opped and whitelisted (issue 27), or null when the game cannot. */
  playerAdmin(instance: HandlerInstance): Promise<PlayerAdmin | null>;
}
