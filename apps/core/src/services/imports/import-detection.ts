import type { DetectedMinecraft, ImportDetection } from '@hearth/protocol';
import { CoreError } from '../../errors.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import { folderSize } from '../../lib/folder-size.ts';
import { readLodestoneMarkers } from '../../runtime/instances/lodestone-adoption.ts';
import {
  SERVER_JAR,
  detectMinecraftServer,
  flavourOfConfig,
  type MinecraftConfig,
} from '../../runtime/minecraft/index.ts';
import type { ShippedEntry } from '../shipped-definitions.ts';

/** Largest marker file of a shipped game read (hearth-squid.json is a few hundred bytes). */
const MAX_MARKER_BYTES = 64 * 1024;
/** Scripts offered as the start command of a folder Hearth does not recognise, in this order. */
const START_SCRIPTS = ['start.sh', 'run.sh', 'startserver.sh', 'ServerStart.sh', 'start'];

type Value = string | number | boolean;

/** A Lodestone/Hearth Minecraft config as detection fields (its Java command is never taken). */
function fromLodestone(mc: MinecraftConfig, jars: readonly string[]): DetectedMinecraft {
  const flavour = flavourOfConfig(mc.flavour);
  const f = mc.flavour;
  const loader =
    typeof f === 'string'
      ? null
      : 'fabric' in f
        ? f.fabric.loader_version
        : 'paper' in f
          ? String(f.paper.build_version)
          : 'forge' in f
            ? f.forge.build_version
            : null;
  return {
    // A Spigot folder (old Lodestone) runs its plugins on Paper.
    flavour: flavour === 'spigot' ? 'paper' : flavour,
    version: mc.version,
    loader_version: loader,
    server_jar: jars.includes(SERVER_JAR) ? SERVER_JAR : (jars[0] ?? null),
    java_major: mc.jre_major_version,
    min_ram: mc.min_ram,
    max_ram: mc.max_ram,
    cmd_args: mc.cmd_args,
  };
}

/** The first shipped game whose marker file the folder has, with the setup values it fills. */
async function shippedGame(
  root: string,
  shipped: readonly ShippedEntry[],
): Promise<ImportDetection['definition']> {
  const files = new FileSandbox(root);
  for (const entry of shipped) {
    if (!entry.import) continue;
    let json: unknown;
    try {
      json = JSON.parse(
        (await files.readRegular(entry.import.marker, MAX_MARKER_BYTES)).toString('utf8'),
      );
    } catch {
      continue;
    }
    if (typeof json !== 'object' || json === null) continue;
    const values: Record<string, Value> = {};
    for (const [setting, key] of Object.entries(entry.import.settings)) {
      const value = (json as Record<string, unknown>)[key];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        values[setting] = value;
    }
    return { url: entry.url, game_display_name: entry.game_display_name, values };
  }
  return null;
}

/** A start command to offer for a folder nothing recognised (the user confirms or edits it). */
async function startCommand(root: string, jars: readonly string[]): Promise<string | null> {
  const files = new FileSandbox(root);
  for (const script of START_SCRIPTS) {
    try {
      await files.readRegular(script, MAX_MARKER_BYTES);
      return `sh ${script}`;
    } catch (err) {
      if (err instanceof CoreError) continue;
      throw err;
    }
  }
  return jars.length === 1 ? `java -Xmx1024M -jar ${jars[0]} nogui` : null;
}

/**
 * What an imported folder is, from its files read through the file sandbox: a Lodestone (or Hearth)
 * Minecraft instance's own config, a game Hearth ships a definition for (its marker file), a
 * Minecraft server recognised by its jars and loader files, or else a folder to start with a
 * command. `suggestedName` names it when nothing in it does.
 */
export async function detectImport(
  root: string,
  suggestedName: string,
  shipped: readonly ShippedEntry[],
): Promise<ImportDetection> {
  const notes: string[] = [];
  let lodestone: Awaited<ReturnType<typeof readLodestoneMarkers>> = null;
  try {
    lodestone = await readLodestoneMarkers(root);
  } catch (err) {
    notes.push(
      `Lodestone markers ignored: ${err instanceof CoreError ? err.causes.join(': ') : 'unreadable'}`,
    );
  }
  const server = await detectMinecraftServer(root);
  const definition = await shippedGame(root, shipped);
  const { bytes, files } = await folderSize(root);
  const mc = lodestone?.minecraft ?? null;

  let kind: ImportDetection['kind'];
  let minecraft = server.minecraft;
  if (mc !== null) {
    kind = 'minecraft';
    minecraft = fromLodestone(mc, server.jars);
    notes.unshift(
      `A Lodestone instance folder: ${mc.name}, ${minecraft.flavour ?? 'Minecraft'} ${mc.version} (its own config)`,
    );
  } else if (definition !== null) {
    kind = 'definition';
    notes.unshift(`A ${definition.game_display_name} server (its settings file)`);
  } else if (server.minecraft.flavour !== null) {
    kind = 'minecraft';
  } else {
    kind = 'command';
    notes.push('Hearth does not recognise this server: confirm the command that starts it');
  }
  notes.push(...server.notes);
  const port =
    mc?.port ??
    (typeof definition?.values.port === 'number' ? definition.values.port : null) ??
    server.port;
  return {
    kind,
    lodestone: mc !== null,
    name: mc?.name ?? suggestedName,
    description: mc?.description ?? '',
    port,
    motd:
      server.motd ?? (typeof definition?.values.motd === 'string' ? definition.values.motd : null),
    minecraft,
    definition,
    command: kind === 'command' ? await startCommand(root, server.jars) : null,
    jars: server.jars,
    notes,
    files,
    bytes,
  };
}
