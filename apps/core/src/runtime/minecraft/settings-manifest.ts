import path from 'node:path';
import {
  checkConfigurableValue,
  type ConfigurableManifest,
  type ConfigurableValue,
  type ConfigurableValueType,
  type SectionManifest,
  type SettingManifest,
} from '@hearth/protocol';
import { SerialQueue } from '../../lib/serial-queue.ts';
import { writeMinecraftConfig, type MinecraftConfig } from './config.ts';
import { MinecraftError } from './errors.ts';
import {
  checkJavaCommand,
  checkJvmFlags,
  javaCommandOwnerOnly,
  type JavaPolicy,
} from './launch-policy.ts';
import {
  joinCmdArgs,
  settingManifest,
  splitCmdArgs,
  stringType,
  unsignedType,
} from './manifest-helpers.ts';
import { KNOWN_PROPERTIES } from './property-catalog.ts';
import {
  propertyEntries,
  readServerProperties,
  setProperty,
  writeServerProperties,
  type PropertiesDoc,
} from './server-properties.ts';

export const CMD_ARGS_SECTION = 'cmd_args_section';
export const SERVER_PROPERTIES_SECTION = 'server_properties_section';

/** Who reads or changes the settings: host configuration (the Java command) is the owner's alone. */
export interface SettingsViewer {
  isOwner: boolean;
}

/** Settings only the owner may change: they choose what the core runs on the host. */
export function isOwnerOnlySetting(sectionId: string, settingId: string): boolean {
  return sectionId === CMD_ARGS_SECTION && settingId === 'java_cmd';
}

/** "max-players" → "Max-players": the display name of a key Hearth does not know (core-api.md §3.8). */
export function unknownPropertyName(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** The typed value of a property text, or null when it does not fit the type. */
export function parsePropertyValue(
  type: ConfigurableValueType,
  text: string,
): ConfigurableValue | null {
  const trimmed = text.trim();
  switch (type.type) {
    case 'String':
      return { type: 'String', value: text };
    case 'Boolean':
      return /^(true|false)$/i.test(trimmed)
        ? { type: 'Boolean', value: trimmed.toLowerCase() === 'true' }
        : null;
    case 'UnsignedInteger':
    case 'Integer': {
      if (!(type.type === 'Integer' ? /^[+-]?\d+$/ : /^\+?\d+$/).test(trimmed)) return null;
      const value = Number(trimmed);
      const candidate = { type: type.type, value } as ConfigurableValue;
      const inRange = type.type === 'Integer' ? Math.abs(value) <= 2 ** 31 : value <= 2 ** 32 - 1;
      return inRange && checkConfigurableValue(type, candidate) === null ? candidate : null;
    }
    case 'Float': {
      const value = Number(trimmed);
      return trimmed !== '' && Number.isFinite(value) ? { type: 'Float', value } : null;
    }
    case 'Enum':
      return type.options.includes(trimmed) ? { type: 'Enum', value: trimmed } : null;
  }
}

/** How a value is written into server.properties. */
export function propertyText(value: ConfigurableValue): string {
  return String(value.value);
}

/**
 * One server.properties entry as a setting. Known keys are typed (core-api.md §3.8); a known key
 * whose text does not fit its type is offered as a String so it stays visible and fixable (the
 * reference drops it); other keys are Strings named by `unknownPropertyName`.
 */
export function propertySetting(key: string, text: string): SettingManifest {
  const known = Object.hasOwn(KNOWN_PROPERTIES, key) ? KNOWN_PROPERTIES[key] : undefined;
  const typed = known ? parsePropertyValue(known.type, text) : null;
  if (known && typed) {
    return settingManifest(key, known.name, known.description, typed, known.type, {
      required: known.type.type !== 'String',
      secret: known.secret ?? false,
    });
  }
  return settingManifest(
    key,
    known?.name ?? unknownPropertyName(key),
    known
      ? `${known.description} (the current value does not fit its type)`
      : `The ${key} property.`,
    { type: 'String', value: text },
    stringType(),
    { required: false, secret: known?.secret ?? false },
  );
}

function cmdArgsSection(config: MinecraftConfig, viewer: SettingsViewer): SectionManifest {
  const ram = (id: string, name: string, description: string, value: number) =>
    settingManifest(
      id,
      name,
      description,
      { type: 'UnsignedInteger', value },
      unsignedType(0, null),
    );
  return {
    section_id: CMD_ARGS_SECTION,
    name: 'Command Line Settings',
    description: 'How the server process is started. Changes apply on the next start.',
    settings: {
      min_ram: ram(
        'min_ram',
        'Minimum RAM',
        'Memory (MB) the server starts with (-Xms).',
        config.min_ram,
      ),
      max_ram: ram(
        'max_ram',
        'Maximum RAM',
        'Memory (MB) the server may use at most (-Xmx).',
        config.max_ram,
      ),
      java_cmd: settingManifest(
        'java_cmd',
        'Java Command',
        'Absolute path of the java executable that runs the server. Only the owner can change it.',
        { type: 'String', value: config.java_cmd ?? '' },
        stringType(),
        { mutable: viewer.isOwner },
      ),
      cmd_args: settingManifest(
        'cmd_args',
        'Command Line Arguments',
        'Extra JVM arguments, separated by spaces.',
        { type: 'String', value: joinCmdArgs(config.cmd_args) },
        stringType(),
        { required: false },
      ),
    },
  };
}

/**
 * The instance settings of a Minecraft instance (core-api.md §3.8), rebuilt from the config and the
 * current server.properties. `auto_start`/`restart_on_crash` are false as on the reference wire. The
 * Java command is shown as not mutable to anyone but the owner.
 */
export function buildConfigurableManifest(
  config: MinecraftConfig,
  properties: PropertiesDoc,
  viewer: SettingsViewer = { isOwner: true },
): ConfigurableManifest {
  const propertySettings: Record<string, SettingManifest> = {};
  for (const [key, value] of propertyEntries(properties))
    propertySettings[key] = propertySetting(key, value);
  return {
    auto_start: false,
    restart_on_crash: false,
    setting_sections: {
      [CMD_ARGS_SECTION]: cmdArgsSection(config, viewer),
      [SERVER_PROPERTIES_SECTION]: {
        section_id: SERVER_PROPERTIES_SECTION,
        name: 'Server Properties Settings',
        description: 'The settings in server.properties. Changes apply on the next start.',
        settings: propertySettings,
      },
    },
  };
}

/**
 * Checks a change against a manifest: "Setting not found" (NotFound), "Setting is not mutable",
 * then the value-type rules of `checkConfigurableValue` ("Type mismatch", "Value is too small", …).
 */
export function validateSettingChange(
  manifest: Pick<ConfigurableManifest, 'setting_sections'>,
  sectionId: string,
  settingId: string,
  value: ConfigurableValue,
): SettingManifest {
  const section = Object.hasOwn(manifest.setting_sections, sectionId)
    ? manifest.setting_sections[sectionId]
    : undefined;
  const setting =
    section && Object.hasOwn(section.settings, settingId) ? section.settings[settingId] : undefined;
  if (!setting) throw new MinecraftError('NotFound', 'Setting not found');
  if (!setting.is_mutable) throw new MinecraftError('BadRequest', 'Setting is not mutable');
  const cause = checkConfigurableValue(setting.value_type, value);
  if (cause !== null) throw new MinecraftError('BadRequest', cause);
  return setting;
}

/**
 * Applies a validated change to in-memory state: cmd_args_section edits the config; a property edit
 * updates the document (keeping everything else in it) and copies `server-port` into the config.
 */
export function applySettingToState(
  config: MinecraftConfig,
  properties: PropertiesDoc,
  sectionId: string,
  settingId: string,
  value: ConfigurableValue,
): { config: MinecraftConfig; propertiesChanged: boolean } {
  validateSettingChange(buildConfigurableManifest(config, properties), sectionId, settingId, value);
  const next: MinecraftConfig = { ...config, cmd_args: [...config.cmd_args] };
  if (sectionId === SERVER_PROPERTIES_SECTION) {
    setProperty(properties, settingId, propertyText(value));
    if (settingId === 'server-port' && value.type === 'UnsignedInteger') next.port = value.value;
    return { config: next, propertiesChanged: true };
  }
  switch (settingId) {
    case 'min_ram':
    case 'max_ram':
      if (value.type === 'UnsignedInteger') next[settingId] = value.value;
      if (next.min_ram > next.max_ram) {
        throw new MinecraftError('BadRequest', 'Minimum RAM must not be greater than maximum RAM');
      }
      break;
    case 'java_cmd':
      if (value.type === 'String') {
        if (value.value.trim() === '')
          throw new MinecraftError('BadRequest', 'Java command cannot be empty');
        next.java_cmd = value.value.trim();
      }
      break;
    case 'cmd_args':
      if (value.type === 'String') next.cmd_args = splitCmdArgs(value.value);
      break;
  }
  return { config: next, propertiesChanged: false };
}

const propertyWrites = new SerialQueue();

/**
 * Checks who asks, validates the change against the declared type (and the launch policy for the
 * Java command and JVM flags), applies it to `config` and server.properties (which keeps its
 * comments, order and other values), writes server.properties and Lodestone's config mirror
 * atomically through the file sandbox. Calls for the same instance run one after another. Returns
 * the new config for the caller to store.
 */
export function applySetting(
  instanceDir: string,
  config: MinecraftConfig,
  sectionId: string,
  settingId: string,
  value: ConfigurableValue,
  policy: JavaPolicy,
  caller: SettingsViewer,
): Promise<MinecraftConfig> {
  if (isOwnerOnlySetting(sectionId, settingId) && !caller.isOwner)
    return Promise.reject(javaCommandOwnerOnly());
  return propertyWrites.run(path.resolve(instanceDir), async () => {
    const properties = await readServerProperties(instanceDir);
    const result = applySettingToState(config, properties, sectionId, settingId, value);
    if (sectionId === CMD_ARGS_SECTION && settingId === 'java_cmd' && result.config.java_cmd)
      await checkJavaCommand(result.config.java_cmd, policy);
    if (sectionId === CMD_ARGS_SECTION && settingId === 'cmd_args')
      checkJvmFlags(result.config.cmd_args);
    if (result.propertiesChanged) await writeServerProperties(instanceDir, properties);
    await writeMinecraftConfig(instanceDir, result.config);
    return result.config;
  });
}

/** Reads server.properties (through the file sandbox) and builds the manifest for `viewer`. */
export async function readConfigurableManifest(
  instanceDir: string,
  config: MinecraftConfig,
  viewer: SettingsViewer,
): Promise<ConfigurableManifest> {
  return buildConfigurableManifest(config, await readServerProperties(instanceDir), viewer);
}
