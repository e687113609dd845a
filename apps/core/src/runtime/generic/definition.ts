// The contract a generic game definition implements. Authors `import type` from here; the core
// never imports their module itself (see definition-runner.mjs and README.md in this folder).
import type { z } from 'zod';
import type { StopMethod } from '../supervisor/stop-method.ts';
import type {
  ConfigurableValue,
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
  /** Extra sections for the instance's settings page (read-only display in this version). */
  configurableManifest?(
    ctx: StartContext,
  ): Record<string, SectionManifestInput> | Promise<Record<string, SectionManifestInput>>;
}
