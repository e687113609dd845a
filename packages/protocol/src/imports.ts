import { z } from 'zod/mini';
import { SetupValueSchema } from './configurable.ts';

// Hearth: importing an existing server (issue 27). An import is two calls: stage the folder (an
// uploaded zip / tar.gz, or — the owner, safe mode off — a folder on the core's machine, copied)
// and read what it is; then create the instance from it with what the user confirmed or corrected.
// A staged import that is never created is discarded (DELETE, or after IMPORT_STAGE_TTL_MS).

/** How long a staged import waits for its create call before the core discards it. */
export const IMPORT_STAGE_TTL_MS = 60 * 60 * 1000;
/** Longest host path an owner may name. */
export const IMPORT_PATH_MAX = 4096;
/** Longest start command a user may confirm. */
export const IMPORT_COMMAND_MAX = 1024;

export const ImportFlavourSchema = z.enum(['vanilla', 'paper', 'fabric', 'forge']);
export type ImportFlavour = z.infer<typeof ImportFlavourSchema>;

/** What the server in an imported folder looks like (every field a best guess to confirm). */
export const DetectedMinecraftSchema = z.object({
  flavour: z.nullable(ImportFlavourSchema),
  version: z.nullable(z.string()),
  /** Fabric loader, Paper build number or Forge build (`1.20.1-47.3.0`), when found. */
  loader_version: z.nullable(z.string()),
  /** The jar the server starts from (a regular `.jar` directly in the folder). */
  server_jar: z.nullable(z.string()),
  /** The Java major the server needs, when the jar says so (`version.json`). */
  java_major: z.nullable(z.number()),
  min_ram: z.nullable(z.number()),
  max_ram: z.nullable(z.number()),
  cmd_args: z.array(z.string()),
});
export type DetectedMinecraft = z.infer<typeof DetectedMinecraftSchema>;

export const ImportKindSchema = z.enum(['minecraft', 'definition', 'command']);
export type ImportKind = z.infer<typeof ImportKindSchema>;

export const ImportDetectionSchema = z.object({
  /** The guess: a Minecraft server, a game Hearth ships a definition for, or a start command. */
  kind: ImportKindSchema,
  /** Read from a Lodestone (or Hearth) instance folder's own config. */
  lodestone: z.boolean(),
  name: z.string(),
  description: z.string(),
  port: z.nullable(z.number()),
  motd: z.nullable(z.string()),
  minecraft: DetectedMinecraftSchema,
  /** A shipped definition that recognised the folder, with the setup values read from it. */
  definition: z.nullable(
    z.object({
      url: z.string(),
      game_display_name: z.string(),
      values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    }),
  ),
  /** A start command to offer when nothing else fits (a script found in the folder). */
  command: z.nullable(z.string()),
  /** Regular `.jar` files directly in the folder, to choose the server jar from. */
  jars: z.array(z.string()),
  /** What was found, in words, for the user to check. */
  notes: z.array(z.string()),
  files: z.number(),
  bytes: z.number(),
});
export type ImportDetection = z.infer<typeof ImportDetectionSchema>;

export const StagedImportSchema = z.object({
  id: z.string(),
  expires_at: z.number(),
  detection: ImportDetectionSchema,
});
export type StagedImport = z.infer<typeof StagedImportSchema>;

/** `POST /import/folder` (owner only, safe mode off): an absolute host path, copied. */
export const ImportFolderBodySchema = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(IMPORT_PATH_MAX)),
});

const Port = z.number().check(z.int(), z.gte(0), z.lte(65535));
const Mib = z.number().check(z.int(), z.gte(0), z.lte(1024 * 1024));
const Flags = {
  auto_start: z._default(z.boolean(), false),
  restart_on_crash: z._default(z.boolean(), false),
};

/** `POST /import/:id/create`: the instance to make from the staged folder, as the user confirmed it. */
export const ImportCreateBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('minecraft'),
    name: z.string(),
    description: z._default(z.string(), ''),
    port: Port,
    flavour: ImportFlavourSchema,
    version: z.string().check(z.minLength(1), z.maxLength(64)),
    loader_version: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
    server_jar: z.string().check(z.minLength(1), z.maxLength(255)),
    /** Null: the core asks Mojang's version manifest. */
    java_major: z._default(z.nullable(z.number().check(z.int(), z.gte(8), z.lte(99))), null),
    min_ram: Mib,
    max_ram: Mib,
    cmd_args: z._default(z.array(z.string().check(z.maxLength(256))), []),
    ...Flags,
  }),
  z.object({
    kind: z.literal('definition'),
    url: z.string().check(z.minLength(1)),
    setup_value: SetupValueSchema,
  }),
  z.object({
    kind: z.literal('command'),
    name: z.string(),
    description: z._default(z.string(), ''),
    port: Port,
    /** Runs inside the game's sandbox, with the instance folder as its working directory. */
    command: z.string().check(z.minLength(1), z.maxLength(IMPORT_COMMAND_MAX)),
    ...Flags,
  }),
]);
export type ImportCreateBody = z.output<typeof ImportCreateBodySchema>;
export type ImportCreateInput = z.input<typeof ImportCreateBodySchema>;
