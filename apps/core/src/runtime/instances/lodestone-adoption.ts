import { notFound } from '../../errors.ts';
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
    if (folder.legacy.handler !== 'minecraft') return folder.legacy;
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
