// The contract a generic game definition implements. Authors `import type` from here; the core
// never imports their module itself (see definition-runner.mjs and README.md in this folder).
import type { z } from 'zod';
import type { StopMethod } from '../supervisor/stop-method.ts';
import type {
  ConfigurableValue,
  PlayerActionKind,
  SectionManifestSchema,
  SetupManifestSchema,
  SetupValue,
} from '@hearth/protocol';

/** A setup manifest as an author may write it (optional bounds/regex may be left out). */
export type SetupManifestInput = z.input<typeof SetupManifestSchema>;
export type SectionManifestInput = z.input<typeof SectionManifestSchema>;

/** A setting's plain value, as found in a SetupValue (null when the user left it empty). */
export type SettingValue = ConfigurableValue['value'] | null;

/** JSON the core stores for an instance on behalf of its definition. */
export type DefinitionConfig = Record<string, unknown>;

export interface InstallContext {
  /** Absolute path of the (already created, empty) instance folder. Write files only here. */
  instanceDir: string;
  /** The URL the definition was loaded from; resolve sibling files against it. */
  definitionUrl: string;
  /** The creation request as sent by the user, already checked against setupManifest(). */
  setupValue: SetupValue;
  /** setting_id → plain value, flattened over every section of `setupValue`. */
  values: Record<string, SettingValue>;
  /** Reports progress: fraction 0..1 of the whole install, plus a short message. */
  progress(fraction: number, message: string): void;
}

export interface InstallResult {
  /** Shown as InstanceInfo.version. */
  version: string;
  /** The instance port (InstanceInfo.port), 0..65535. */
  port: number;
  /** InstanceInfo.max_player_count when the game has such a limit. */
  max_players?: number | null;
  /** Anything start() needs later; must be JSON. Stored in the instance config. */
  config?: DefinitionConfig;
}

export interface StartContext {
  instanceDir: string;
  definitionUrl: string;
  /** The current instance port (the user may change it after install). */
  port: number;
  /** `InstallResult.config` as stored. */
  config: DefinitionConfig;
}

export interface StartPlan {
  command: string;
  args?: string[];
  /** Added to the core's environment. */
  env?: Record<string, string>;
  /** Working directory relative to the instance folder (default: the instance folder). */
  cwd?: string;
}

export type { StopMethod };

/**
 * Regular-expression sources (JavaScript syntax) tried against each output line after ANSI codes
 * are stripped. `join`/`leave`: group 1 is the player name. `chat`: group 1 name, group 2 message.
 */
export interface OutputPatterns {
  started?: string;
  join?: string;
  leave?: string;
  chat?: string;
}

/** Extra capabilities the core provides for the game. */
export type PingMethod = { kind: 'minecraft' };

/**
 * Console commands that make the game's files consistent for a backup taken while it runs (as
 * Minecraft's `save-off` / `save-all flush` / `save-on`). Without them such a backup is recorded
 * as taken live. Commands are single lines; `saved` is a regex source (JavaScript syntax) tried on
 * each output line after the flush command, ANSI codes stripped.
 */
export interface BackupHooks {
  /** Sent first: the game stops writing its files on its own. */
  disable?: string[];
  /** Sent next: the game writes everything it holds. */
  flush: string;
  /** The output line that says the flush is complete. */
  saved: string;
  /** Sent after the archive (also when it failed): saving back on. */
  enable?: string[];
  /** How long to wait for `saved` before archiving anyway (default 60, at most 600). */
  timeout_seconds?: number;
}

/**
 * How the panel kicks, bans, ops and whitelists players (issue 27). Each action the game has is a
 * console command (used while the server runs; `{name}`, `{ip}` and `{reason}` are filled in) and,
 * for the lists, a file in vanilla Minecraft's JSON format (`banned-players.json`,
 * `banned-ips.json`, `ops.json`, `whitelist.json`), read for the lists and written while the server
 * is stopped. An action with neither is not offered.
 */
export interface PlayerManagement {
  /** One line each, e.g. `{ ban: 'ban {name} {reason}', whitelist_on: 'whitelist on' }`. */
  commands?: Partial<Record<PlayerActionKind, string>>;
  /** Paths relative to the instance folder. */
  files?: { banned_players?: string; banned_ips?: string; ops?: string; whitelist?: string };
  /** Where a stopped server keeps whitelist on/off (`format: 'json'`: a top-level key). */
  whitelist_switch?: { file: string; format: 'properties' | 'json'; key: string };
  /** Uuids the lists store: the offline ones (default), or Mojang's for an online-mode game. */
  uuids?: 'offline' | 'online';
}

export interface GenericGameDefinition {
  /** Game.Generic.game_name: a stable identifier (e.g. "flying-squid"). */
  game_name: string;
  /** Game.Generic.game_display_name: shown in the UI. */
  game_display_name: string;
  setupManifest(): SetupManifestInput | Promise<SetupManifestInput>;
  install(ctx: InstallContext): InstallResult | Promise<InstallResult>;
  start(ctx: StartContext): StartPlan | Promise<StartPlan>;
  stop: StopMethod;
  output?: OutputPatterns;
  ping?: PingMethod;
  /** Save hooks for consistent backups while the server runs (optional). */
  backup?: BackupHooks;
  /** Player actions from the panel (optional). */
  players?: PlayerManagement;
  /** Extra sections for the instance's settings page (read-only display in this version). */
  configurableManifest?(
    ctx: StartContext,
  ): Record<string, SectionManifestInput> | Promise<Record<string, SectionManifestInput>>;
}
