import type {
  ConfigurableValue,
  ImportCreateBody,
  ImportDetection,
  SetupManifest,
  SetupValue,
  TransferManifest,
} from '@hearth/protocol';
import { badRequest } from '../../errors.ts';
import type { TransferredGeneric } from '../instance-creation.ts';

// How a received archive becomes an instance (issue 26): what import detection read from the
// folder (a shipped game's settings file, a Minecraft server's jars and config), with the name,
// description and flags the source announced, so the copy has the settings of the original. A
// generic game the folder does not give away comes from the definition the source names.

function typed(
  kind: SetupManifest['setting_sections'][string]['settings'][string]['value_type']['type'],
  raw: string | number | boolean,
): ConfigurableValue | null {
  switch (kind) {
    case 'String':
    case 'Enum':
      return typeof raw === 'string' ? { type: kind, value: raw } : null;
    case 'Integer':
    case 'UnsignedInteger':
    case 'Float':
      return typeof raw === 'number' ? { type: kind, value: raw } : null;
    case 'Boolean':
      return typeof raw === 'boolean' ? { type: kind, value: raw } : null;
  }
}

/** A shipped game's setup from the values detection read, typed by the definition's manifest. */
export function setupFromValues(
  manifest: SetupManifest,
  values: Readonly<Record<string, string | number | boolean>>,
  head: Omit<SetupValue, 'setting_sections'>,
  port: number | undefined,
): SetupValue {
  const sections: SetupValue['setting_sections'] = {};
  for (const [sectionId, section] of Object.entries(manifest.setting_sections)) {
    const settings: SetupValue['setting_sections'][string]['settings'] = {};
    for (const [id, setting] of Object.entries(section.settings)) {
      const raw = id === 'port' && port !== undefined ? port : values[id];
      if (raw === undefined) continue;
      const value = typed(setting.value_type.type, raw);
      if (value) settings[id] = { value };
    }
    sections[sectionId] = { settings };
  }
  return { ...head, setting_sections: sections };
}

/** What the source announced that every kind of instance takes. */
interface Head {
  name: string;
  description: string;
  auto_start: boolean;
  restart_on_crash: boolean;
}

/** How the received folder becomes an instance: as an import, or from the source's definition. */
export type TransferCreate =
  { kind: 'import'; body: ImportCreateBody } | { kind: 'generic'; moved: TransferredGeneric };

/**
 * How the received folder is created. A shipped game recognised by its files is set up from
 * them; else a generic instance is recreated from the definition its source named (the folder
 * does not show how it starts, and a start command guessed from it would lose the definition);
 * else a Minecraft server or a start command detection found. Anything else is refused.
 */
export function transferCreate(
  detection: ImportDetection,
  manifest: TransferManifest,
  definitionManifest: SetupManifest | null,
  port: number | undefined,
): TransferCreate {
  const head: Head = {
    name: manifest.name,
    description: manifest.description,
    auto_start: manifest.auto_start,
    restart_on_crash: manifest.restart_on_crash,
  };
  if (detection.kind === 'definition' && detection.definition && definitionManifest)
    return {
      kind: 'import',
      body: {
        kind: 'definition',
        url: detection.definition.url,
        setup_value: setupFromValues(definitionManifest, detection.definition.values, head, port),
      },
    };
  if (manifest.generic && manifest.game_type.type === 'Generic')
    return {
      kind: 'generic',
      moved: {
        ...head,
        ...manifest.generic,
        version: manifest.version,
        port: port ?? manifest.port,
        game_name: manifest.game_type.game_name,
      },
    };
  return { kind: 'import', body: importBody(detection, manifest, head, port) };
}

function importBody(
  detection: ImportDetection,
  manifest: TransferManifest,
  head: Head,
  port: number | undefined,
): ImportCreateBody {
  if (detection.kind === 'minecraft') {
    const mc = detection.minecraft;
    if (!mc.flavour || !mc.version || !mc.server_jar)
      throw badRequest('The received server could not be recognised', detection.notes.join('; '));
    return {
      kind: 'minecraft',
      ...head,
      port: port ?? detection.port ?? manifest.port,
      flavour: mc.flavour,
      version: mc.version,
      loader_version: mc.loader_version,
      server_jar: mc.server_jar,
      java_major: mc.java_major,
      min_ram: mc.min_ram ?? 1024,
      max_ram: mc.max_ram ?? Math.max(mc.min_ram ?? 1024, 2048),
      cmd_args: mc.cmd_args,
    };
  }
  if (detection.command)
    return {
      kind: 'command',
      ...head,
      port: port ?? manifest.port,
      command: detection.command,
    };
  throw badRequest(
    'This instance cannot be moved: the receiving core cannot tell how to start it',
    manifest.generic_withheld
      ? "its definition was not sent: the user who asked the source core for the key may not see this instance's settings there"
      : manifest.game_type.type === 'Generic'
        ? 'the source core did not say which definition the instance was made from (it is older than this core); update the source core and move it again'
        : 'move games that Hearth ships, and Minecraft servers',
  );
}
