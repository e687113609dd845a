import {
  checkConfigurableValue,
  type ConfigurableValue,
  type ConfigurableValueType,
  type SetupManifest,
  type SetupValue,
} from '@hearth/protocol';
import { MinecraftError } from './errors.ts';
import { jvmFlagProblem } from './launch-policy.ts';
import type { Flavour } from './flavours.ts';
import {
  enumType,
  settingManifest,
  splitCmdArgs,
  stringType,
  unsignedType,
} from './manifest-helpers.ts';

export const DEFAULT_MINECRAFT_PORT = 25565;
export const DEFAULT_MIN_RAM_MB = 1024;
export const DEFAULT_MAX_RAM_MB = 2048;

/** What `/setup_manifest/:game_type` + `POST /instance/create/:game_type` agree on, read and typed. */
export interface MinecraftSetup {
  flavour: Flavour;
  name: string;
  description: string;
  autoStart: boolean;
  restartOnCrash: boolean;
  version: string;
  port: number;
  /** Megabytes. */
  minRam: number;
  maxRam: number;
  /** JVM arguments placed before the launch target. */
  cmdArgs: string[];
  /** Fabric loader version, Paper build number or Forge build; `null` = latest stable. */
  loaderVersion: string | null;
  /** Java executable; `null` = automatic (core-api.md §3.3.4, see java.ts). */
  javaCmd: string | null;
}

const LOADER_SETTING: Record<Exclude<Flavour, 'vanilla'>, { name: string; description: string }> = {
  fabric: {
    name: 'Fabric Loader Version',
    description:
      'Fabric loader version to install, e.g. 0.15.11. Leave empty for the latest stable loader.',
  },
  paper: {
    name: 'Paper Build',
    description:
      'Paper build number to install, e.g. 496. Leave empty for the latest stable build.',
  },
  forge: {
    name: 'Forge Build',
    description:
      'Forge build to install, e.g. 47.3.0 (or the full id 1.20.1-47.3.0). Leave empty for the newest build.',
  },
};

/** Setup manifest for a flavour (core-api.md §3.3.1) plus Hearth's optional `loader_version` and `java_cmd`. */
export function buildSetupManifest(flavour: Flavour, versions: readonly string[]): SetupManifest {
  const first = versions[0];
  const basicSettings = {
    version: settingManifest(
      'version',
      'Version',
      'The Minecraft version of the server.',
      first === undefined ? null : { type: 'Enum', value: first },
      enumType([...versions]),
    ),
    port: settingManifest(
      'port',
      'Port',
      'The port the server listens on.',
      { type: 'UnsignedInteger', value: DEFAULT_MINECRAFT_PORT },
      unsignedType(0, 65535),
      { defaultValue: { type: 'UnsignedInteger', value: DEFAULT_MINECRAFT_PORT } },
    ),
  };
  const advanced: SetupManifest['setting_sections'][string]['settings'] = {
    min_ram: settingManifest(
      'min_ram',
      'Minimum RAM',
      'The minimum amount of memory (MB) the server starts with (-Xms).',
      { type: 'UnsignedInteger', value: DEFAULT_MIN_RAM_MB },
      unsignedType(),
      { defaultValue: { type: 'UnsignedInteger', value: DEFAULT_MIN_RAM_MB } },
    ),
    max_ram: settingManifest(
      'max_ram',
      'Maximum RAM',
      'The maximum amount of memory (MB) the server may use (-Xmx).',
      { type: 'UnsignedInteger', value: DEFAULT_MAX_RAM_MB },
      unsignedType(),
      { defaultValue: { type: 'UnsignedInteger', value: DEFAULT_MAX_RAM_MB } },
    ),
    cmd_args: settingManifest(
      'cmd_args',
      'Command Line Arguments',
      'Extra JVM arguments, separated by spaces.',
      null,
      stringType(),
      { required: false },
    ),
  };
  if (flavour !== 'vanilla') {
    const loader = LOADER_SETTING[flavour];
    advanced.loader_version = settingManifest(
      'loader_version',
      loader.name,
      loader.description,
      null,
      stringType(),
      {
        required: false,
      },
    );
  }
  advanced.java_cmd = settingManifest(
    'java_cmd',
    'Java Command',
    'Path of the java executable. Leave empty to use a suitable Java on the PATH or download one.',
    null,
    stringType(),
    { required: false },
  );
  return {
    setting_sections: {
      section_1: {
        section_id: 'section_1',
        name: 'Basic Settings',
        description: 'Basic settings for the server.',
        settings: basicSettings,
      },
      section_2: {
        section_id: 'section_2',
        name: 'Advanced Settings',
        description: 'Advanced settings for the server.',
        settings: advanced,
      },
    },
  };
}

/** Looks a setting up in its own section first, then in any section (clients may regroup them). */
function findValue(setup: SetupValue, section: string, id: string): ConfigurableValue | null {
  const own = setup.setting_sections[section]?.settings[id];
  if (own) return own.value;
  for (const sec of Object.values(setup.setting_sections)) {
    const found = sec.settings[id];
    if (found) return found.value;
  }
  return null;
}

/**
 * Reads an instance-creation request into a typed `MinecraftSetup`. Every problem is collected and
 * thrown as one `BadRequest` (e.g. "Invalid setup: version is missing; port: Type mismatch").
 * When `versions` is given the version must be one of them.
 */
export function readSetupValue(
  flavour: Flavour,
  setup: SetupValue,
  versions?: readonly string[],
): MinecraftSetup {
  const problems: string[] = [];
  const check = (
    section: string,
    id: string,
    type: ConfigurableValueType | null,
    required: boolean,
  ) => {
    const value = findValue(setup, section, id);
    if (value === null) {
      if (required) problems.push(`${id} is missing`);
      return null;
    }
    // A null type means "an Enum whose options are not known here": only the variant is checked.
    const cause =
      type === null
        ? value.type === 'Enum'
          ? null
          : 'Type mismatch'
        : checkConfigurableValue(type, value);
    if (cause !== null) {
      problems.push(`${id}: ${cause}`);
      return null;
    }
    return value;
  };
  const text = (v: ConfigurableValue | null): string | null =>
    v !== null && (v.type === 'String' || v.type === 'Enum') ? v.value : null;
  const count = (v: ConfigurableValue | null): number | null =>
    v?.type === 'UnsignedInteger' ? v.value : null;

  const version = text(
    check('section_1', 'version', versions ? enumType([...versions]) : null, true),
  );
  const port = count(check('section_1', 'port', unsignedType(0, 65535), true));
  const minRam = count(check('section_2', 'min_ram', unsignedType(), true));
  const maxRam = count(check('section_2', 'max_ram', unsignedType(), true));
  const cmdArgs = text(check('section_2', 'cmd_args', stringType(), false));
  const loader =
    flavour === 'vanilla' ? null : text(check('section_2', 'loader_version', stringType(), false));
  const javaCmd = text(check('section_2', 'java_cmd', stringType(), false));
  if (minRam !== null && maxRam !== null && minRam > maxRam) {
    problems.push('min_ram must not be greater than max_ram');
  }
  if (maxRam === 0) problems.push('max_ram must be greater than 0');
  for (const flag of splitCmdArgs(cmdArgs ?? '')) {
    const problem = jvmFlagProblem(flag);
    if (problem !== null) problems.push(`cmd_args: ${problem}`);
  }

  if (
    problems.length > 0 ||
    version === null ||
    port === null ||
    minRam === null ||
    maxRam === null
  ) {
    throw new MinecraftError('BadRequest', 'Invalid setup', problems.join('; '));
  }
  return {
    flavour,
    name: setup.name,
    description: setup.description ?? '',
    autoStart: setup.auto_start,
    restartOnCrash: setup.restart_on_crash,
    version,
    port,
    minRam,
    maxRam,
    cmdArgs: splitCmdArgs(cmdArgs ?? ''),
    loaderVersion: loader?.trim() ? loader.trim() : null,
    javaCmd: javaCmd?.trim() ? javaCmd.trim() : null,
  };
}
