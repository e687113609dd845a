import { z } from 'zod';
import { MinecraftError } from './errors.ts';
import type { Flavour } from './flavours.ts';
import { InstanceFolder, MAX_SMALL_FILE_BYTES } from './instance-folder.ts';

/** File name of the per-instance Minecraft config (core-api.md §3.1). */
export const MINECRAFT_CONFIG_FILE = '.lodestone_minecraft_config.json';

/**
 * On-disk flavour with its resolved pins (core-api.md §2.7, snake_case externally tagged):
 * `"vanilla"`, `{"fabric":{"loader_version","installer_version"}}`, `{"paper":{"build_version":N}}`,
 * `"spigot"` (read for old Lodestone folders, never installed), `{"forge":{"build_version":"1.20.1-47.3.0"}}`.
 */
export const FlavourConfigSchema = z.union([
  z.literal('vanilla'),
  z.literal('spigot'),
  z.object({ fabric: z.object({ loader_version: z.string(), installer_version: z.string() }) }),
  z.object({ paper: z.object({ build_version: z.number().int() }) }),
  z.object({ forge: z.object({ build_version: z.string() }) }),
]);
export type FlavourConfig = z.infer<typeof FlavourConfigSchema>;

/** Which flavour an on-disk config names (`'spigot'` only appears in migrated folders). */
export function flavourOfConfig(flavour: FlavourConfig): Flavour | 'spigot' {
  if (flavour === 'vanilla' || flavour === 'spigot') return flavour;
  if ('fabric' in flavour) return 'fabric';
  if ('paper' in flavour) return 'paper';
  return 'forge';
}

/**
 * `.lodestone_minecraft_config.json` — Lodestone's `RestoreConfig` (core-api.md §3.1), same keys and
 * order so folders move between Lodestone and Hearth.
 */
export const MinecraftConfigSchema = z.object({
  name: z.string(),
  version: z.string(),
  flavour: FlavourConfigSchema,
  description: z.string().nullable().default(''),
  cmd_args: z.array(z.string()).default([]),
  java_cmd: z.string().nullable().default(null),
  port: z.number().int().min(0).max(65535),
  min_ram: z.number().int().min(0),
  max_ram: z.number().int().min(0),
  auto_start: z.boolean().default(false),
  restart_on_crash: z.boolean().default(false),
  backup_period: z.number().nullable().default(null),
  jre_major_version: z.number().int().nullable().default(null),
  has_started: z.boolean().default(false),
});
export type MinecraftConfig = z.output<typeof MinecraftConfigSchema>;

/**
 * Reads the Lodestone config of a folder being adopted (the only time it is read) through the file
 * sandbox: a regular file of at most 1 MiB inside the folder.
 */
export async function readMinecraftConfig(instanceDir: string): Promise<MinecraftConfig> {
  const bytes = await new InstanceFolder(instanceDir).read(
    MINECRAFT_CONFIG_FILE,
    MAX_SMALL_FILE_BYTES,
  );
  if (bytes === null)
    throw new MinecraftError('NotFound', `${MINECRAFT_CONFIG_FILE} is missing in ${instanceDir}`);
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new MinecraftError(
      'Internal',
      `${MINECRAFT_CONFIG_FILE} is not valid JSON`,
      (err as Error).message,
    );
  }
  const parsed = MinecraftConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MinecraftError(
      'Internal',
      `${MINECRAFT_CONFIG_FILE} is invalid`,
      issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown problem',
    );
  }
  return parsed.data;
}

/** Writes Lodestone's mirror of the settings into the folder (atomically, never through a link). */
export async function writeMinecraftConfig(
  instanceDir: string,
  config: MinecraftConfig,
): Promise<void> {
  const valid = MinecraftConfigSchema.parse(config);
  await new InstanceFolder(instanceDir).write(
    MINECRAFT_CONFIG_FILE,
    `${JSON.stringify(valid, null, 2)}\n`,
  );
}
