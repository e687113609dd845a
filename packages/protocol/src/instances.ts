import { z } from 'zod/mini';

/** core-api.md §2.8 */
export const InstanceStateSchema = z.enum(['Starting', 'Running', 'Stopping', 'Stopped', 'Error']);
export type InstanceState = z.infer<typeof InstanceStateSchema>;

/** core-api.md §2.7 */
export const MinecraftVariantSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Vanilla') }),
  z.object({ type: z.literal('Forge') }),
  z.object({ type: z.literal('Fabric') }),
  z.object({ type: z.literal('Paper') }),
  z.object({ type: z.literal('Spigot') }),
  z.object({ type: z.literal('Other'), name: z.string() }),
]);
export type MinecraftVariant = z.infer<typeof MinecraftVariantSchema>;

export const GameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MinecraftJava'), variant: MinecraftVariantSchema }),
  z.object({ type: z.literal('MinecraftBedrock') }),
  z.object({ type: z.literal('Generic'), game_name: z.string(), game_display_name: z.string() }),
]);
export type Game = z.infer<typeof GameSchema>;

export const GameTypeSchema = z.enum(['MinecraftJava', 'MinecraftBedrock', 'Generic']);
export type GameType = z.infer<typeof GameTypeSchema>;

export const HandlerGameTypeSchema = z.enum([
  'MinecraftJavaVanilla',
  'MinecraftFabric',
  'MinecraftForge',
  'MinecraftPaper',
  'MinecraftBedrock',
]);
export type HandlerGameType = z.infer<typeof HandlerGameTypeSchema>;

/** Hearth: `GET /games/unavailable` — games the protocol names that this core cannot install, and why. */
export const UnavailableGameSchema = z.object({ game: z.string(), reason: z.string() });
export type UnavailableGame = z.infer<typeof UnavailableGameSchema>;

/**
 * Hearth: `GET /games/definitions` — the generic game definitions that ship with the core. `url` is
 * what `PUT /generic_setup_manifest` and `POST /instance/create_generic` take.
 */
export const ShippedDefinitionSchema = z.object({
  url: z.string().check(z.minLength(1)),
  game_name: z.string().check(z.minLength(1)),
  game_display_name: z.string().check(z.minLength(1)),
  description: z.string(),
});
export type ShippedDefinition = z.infer<typeof ShippedDefinitionSchema>;

/** core-api.md §2.9 */
export const PlayerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MinecraftPlayer'), name: z.string(), uuid: z.nullable(z.string()) }),
  z.object({ type: z.literal('GenericPlayer'), id: z.string(), name: z.string() }),
]);
export type Player = z.infer<typeof PlayerSchema>;

export const InstanceUuidSchema = z.string().check(z.minLength(1));

/** core-api.md §2.6 (key order as on the wire). */
export const InstanceInfoShape = {
  uuid: InstanceUuidSchema,
  name: z.string(),
  game_type: GameSchema,
  description: z.string(),
  version: z.string(),
  port: z.number().check(z.int()),
  creation_time: z.number(),
  path: z.string(),
  auto_start: z.boolean(),
  restart_on_crash: z.boolean(),
  state: InstanceStateSchema,
  player_count: z.nullable(z.number()),
  max_player_count: z.nullable(z.number()),
  player_list: z.nullable(z.array(PlayerSchema)),
};
export const InstanceInfoSchema = z.object(InstanceInfoShape);
export type InstanceInfo = z.infer<typeof InstanceInfoSchema>;

/** core-api.md §2.17 */
export const DotLodestoneConfigSchema = z.object({
  game_type: GameTypeSchema,
  uuid: InstanceUuidSchema,
  creation_time: z.number(),
});
export type DotLodestoneConfig = z.infer<typeof DotLodestoneConfigSchema>;

/** Player identity (core-api.md §2.9): uuid when both have one, else name. */
export function samePlayer(a: Player, b: Player): boolean {
  if (a.type === 'MinecraftPlayer' && b.type === 'MinecraftPlayer') {
    if (a.uuid !== null && b.uuid !== null) return a.uuid === b.uuid;
    return a.name === b.name;
  }
  if (a.type === 'GenericPlayer' && b.type === 'GenericPlayer') return a.id === b.id;
  return false;
}

/** Hearth: `GET /instance/:uuid/disk` — bytes in the instance folder, as measured at `measured_at` (unix ms). */
export const InstanceDiskSchema = z.object({
  folder_bytes: z.number(),
  files: z.number(),
  measured_at: z.number(),
});
export type InstanceDisk = z.infer<typeof InstanceDiskSchema>;
