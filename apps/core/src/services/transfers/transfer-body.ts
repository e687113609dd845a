import type {
  ConfigurableValue,
  ImportCreateBody,
  ImportDetection,
  SetupManifest,
  SetupValue,
  TransferManifest,
} from '@hearth/protocol';
import { badRequest } from '../../errors.ts';

// How a received archive becomes an instance (issue 26): what import detection read from the
// folder (a shipped game's settings file, a Minecraft server's jars and config), with the name,
// description and flags the source announced, so the copy has the settings of the original.

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

/**
 * The import body for the received folder. A start command the source ran but the folder does not
 * show (a generic game Hearth does not ship) cannot be recreated: refused, with nothing kept.
 */
export function transferImportBody(
  detection: ImportDetection,
  manifest: TransferManifest,
  definitionManifest: SetupManifest | null,
  port: number | undefined,
): ImportCreateBody {
  const head = {
    name: manifest.name,
    description: manifest.description,
    auto_start: manifest.auto_start,
    restart_on_crash: manifest.restart_on_crash,
  };
  if (detection.kind === 'definition' && detection.definition && definitionManifest)
    return {
      kind: 'definition',
      url: detection.definition.url,
      setup_value: setupFromValues(definitionManifest, detection.definition.values, head, port),
    };
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
    'move games that Hearth ships, and Minecraft servers',
  );
}
