import { notFound } from '../../errors.ts';
import {
  INSTANCE_RECORD_FILE,
  type InstanceRecord,
  type InstanceRepository,
  type StoredInstance,
} from '../../repositories/instance-repository.ts';
import { flavourOfConfig, gameFor, readMinecraftConfig } from '../minecraft/index.ts';

/** A folder made by Lodestone: builds Hearth's record from its Minecraft config and stores it. */
export async function adoptLodestoneFolder(
  item: StoredInstance,
  repo: InstanceRepository,
): Promise<InstanceRecord> {
  if (item.dot.game_type !== 'MinecraftJava')
    throw notFound(`No ${INSTANCE_RECORD_FILE} and not a Minecraft folder`);
  const mc = await readMinecraftConfig(item.dir);
  const flavour = flavourOfConfig(mc.flavour);
  const record: InstanceRecord = {
    uuid: item.dot.uuid,
    name: mc.name,
    description: mc.description ?? '',
    game:
      flavour === 'spigot'
        ? { type: 'MinecraftJava', variant: { type: 'Spigot' } }
        : gameFor(flavour),
    version: mc.version,
    port: mc.port,
    creation_time: item.dot.creation_time,
    auto_start: mc.auto_start,
    restart_on_crash: mc.restart_on_crash,
    handler: 'minecraft',
    data: {},
  };
  await repo.writeRecord(item.dir, record);
  return record;
}
