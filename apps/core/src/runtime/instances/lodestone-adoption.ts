import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { badRequest, notFound } from '../../errors.ts';
import { corePath } from '../../lib/core-paths.ts';
import { isWithin } from '../../lib/file-sandbox.ts';
import type { InstanceRecord, UnregisteredFolder } from '../../repositories/instance-repository.ts';
import {
  flavourOfConfig,
  gameFor,
  readMinecraftConfig,
  type MinecraftConfig,
} from '../minecraft/index.ts';

/**
 * The record of a folder the core has no record for, built once when it is first seen: a folder
 * from an older Hearth (its own record file) or from Lodestone (its Minecraft config). From then on
 * the record lives in SQLite and these files are never read again. Only direct children of
 * `instances/` are adopted, and no user can create one through the file API.
 */
export async function adoptFolder(folder: UnregisteredFolder): Promise<InstanceRecord> {
  if (folder.legacy) {
    if (folder.legacy.handler !== 'minecraft') {
      checkAdoptedDefinition(folder.legacy);
      // A kept start plan is the core's own answer from the definition, never the folder's word.
      const data = Object.fromEntries(
        Object.entries(folder.legacy.data).filter(([key]) => key !== 'start_plan'),
      );
      return { ...folder.legacy, data };
    }
    const config = await readMinecraftConfig(folder.dir);
    return { ...folder.legacy, data: { config } };
  }
  if (folder.dot.game_type !== 'MinecraftJava')
    throw notFound('Not a Hearth instance and not a Lodestone Minecraft folder');
  const mc: MinecraftConfig = await readMinecraftConfig(folder.dir);
  const flavour = flavourOfConfig(mc.flavour);
  return {
    uuid: folder.dot.uuid,
    name: mc.name,
    description: mc.description ?? '',
    game:
      flavour === 'spigot'
        ? { type: 'MinecraftJava', variant: { type: 'Spigot' } }
        : gameFor(flavour),
    version: mc.version,
    port: mc.port,
    creation_time: folder.dot.creation_time,
    auto_start: mc.auto_start,
    restart_on_crash: mc.restart_on_crash,
    handler: 'minecraft',
    data: { config: mc },
    limits: {},
  };
}

/**
 * A generic record found in an instance folder was writable by that instance's users: its
 * definition may be an http(s) URL or one Hearth ships, never another file on this machine (its
 * folder would be shown to the game's sandbox, and only the owner may choose a host path).
 */
function checkAdoptedDefinition(record: InstanceRecord): void {
  const url = typeof record.data.url === 'string' ? record.data.url : '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(`its definition URL ${JSON.stringify(url)} is not a URL`);
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return;
  if (parsed.protocol === 'file:') {
    const file = path.resolve(fileURLToPath(parsed));
    if (isWithin(corePath('definitions'), file) && !file.split(path.sep).includes('..')) return;
  }
  throw badRequest(
    `its definition ${url} is neither an http(s) URL nor a definition that ships with Hearth; create the instance again`,
  );
}
