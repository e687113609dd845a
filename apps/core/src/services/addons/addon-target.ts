import type { AddonKind, AddonTarget } from '@hearth/protocol';
import { CoreError } from '../../errors.ts';
import { normalizeClientPath } from '../../lib/file-sandbox.ts';
import type { InstanceRecord } from '../../repositories/instance-repository.ts';
import { getProperty, readServerProperties } from '../../runtime/minecraft/index.ts';

/** Modrinth's loader names for plugins a Paper (or an adopted Spigot) server loads. */
const PLUGIN_LOADERS = ['paper', 'spigot', 'bukkit'];
const SPIGOT_PLUGIN_LOADERS = ['spigot', 'bukkit'];
/** Modrinth's loader name of datapacks. */
export const DATAPACK_LOADER = 'datapack';

/** Where a world lives when `server.properties` names none (Minecraft's own default). */
const DEFAULT_LEVEL = 'world';

const none = (reason: string): AddonTarget => ({
  kinds: [],
  loaders: [],
  game_version: null,
  folders: {},
  reason,
});

/**
 * What an instance can take (AddonTarget), from its record: the loader and game version come from
 * what Hearth installed or imported, never from a file the game can write. Only the datapacks
 * folder is read from `server.properties` (`level-name`, through the file sandbox), since that is
 * where the server itself looks; a name that would leave the folder is refused.
 */
export async function addonTarget(dir: string, record: InstanceRecord): Promise<AddonTarget> {
  if (record.game.type !== 'MinecraftJava')
    return none(
      'Add-ons from Modrinth are for Minecraft Java servers (Vanilla, Paper, Fabric, Forge).',
    );
  const variant = record.game.variant.type;
  const level = await levelName(dir);
  const base = {
    game_version: record.version,
    reason: null,
  };
  const datapacks = `${level}/datapacks`;
  switch (variant) {
    case 'Fabric':
    case 'Forge': {
      const loader = variant === 'Fabric' ? 'fabric' : 'forge';
      return {
        ...base,
        kinds: ['mod', 'datapack'],
        loaders: [loader],
        folders: { mod: 'mods', datapack: datapacks },
      };
    }
    case 'Paper':
    case 'Spigot':
      return {
        ...base,
        kinds: ['plugin', 'datapack'],
        loaders: variant === 'Paper' ? PLUGIN_LOADERS : SPIGOT_PLUGIN_LOADERS,
        folders: { plugin: 'plugins', datapack: datapacks },
      };
    case 'Vanilla':
      return { ...base, kinds: ['datapack'], loaders: [], folders: { datapack: datapacks } };
    case 'Other':
      return none('Hearth does not know which add-ons this server loads.');
  }
}

async function levelName(dir: string): Promise<string> {
  const doc = await readServerProperties(dir);
  const raw = getProperty(doc, 'level-name')?.trim() || DEFAULT_LEVEL;
  let level: string;
  try {
    level = normalizeClientPath(raw);
  } catch {
    throw new CoreError('BadRequest', [
      'The world folder is not usable',
      `level-name in server.properties (${JSON.stringify(raw.slice(0, 80))}) is not a folder inside the instance`,
    ]);
  }
  if (level === '.') return DEFAULT_LEVEL;
  return level;
}

/** The Modrinth loaders a kind is filtered by on this instance. */
export function loadersFor(target: AddonTarget, kind: AddonKind): string[] {
  return kind === 'datapack' ? [DATAPACK_LOADER] : target.loaders;
}

/** Which kind a Modrinth version is on this instance (by its loaders), or null when none fits. */
export function kindOfVersion(target: AddonTarget, loaders: readonly string[]): AddonKind | null {
  if (target.kinds.includes('datapack') && loaders.includes(DATAPACK_LOADER)) return 'datapack';
  const fits = loaders.some((l) => target.loaders.includes(l));
  if (!fits) return null;
  if (target.kinds.includes('mod')) return 'mod';
  if (target.kinds.includes('plugin')) return 'plugin';
  return null;
}

/** Modrinth search facets for a kind on this instance (AND of ORs). */
export function searchFacets(target: AddonTarget, kind: AddonKind): string[][] {
  const facets: string[][] = [[`project_type:${kind}`]];
  if (kind !== 'datapack') facets.push(target.loaders.map((l) => `categories:${l}`));
  if (target.game_version !== null) facets.push([`versions:${target.game_version}`]);
  // A mod that only runs in the client does nothing on a server.
  if (kind === 'mod') facets.push(['server_side:required', 'server_side:optional']);
  return facets;
}

/** The file extension each kind must have (what the server loads from that folder). */
export function extensionFor(kind: AddonKind): string {
  return kind === 'datapack' ? '.zip' : '.jar';
}
