import { z } from 'zod/mini';
import { GameSchema } from './instances.ts';

// Hearth: moving an instance to another core (issue 26). The browser asks the SOURCE core for a
// transfer key (`POST /instance/:uuid/transfer`), then hands it to the TARGET core
// (`POST /instance/transfer-in`), which pulls the archive straight from the source
// (`POST /transfer/pull`, the key is the capability) — the archive never passes the browser. The
// source keeps the key only hashed; it works once and for TRANSFER_KEY_TTL_MS.

/** How long a transfer key waits for its pull (issue 26: about ten minutes). */
export const TRANSFER_KEY_TTL_MS = 10 * 60 * 1000;
/** Response headers of `POST /transfer/pull`: the archive's sha256 (hex) and what it holds. */
export const TRANSFER_SHA256_HEADER = 'x-hearth-transfer-sha256';
export const TRANSFER_MANIFEST_HEADER = 'x-hearth-transfer-manifest';
/** Longest source URL the target accepts. */
export const TRANSFER_URL_MAX = 2048;
/**
 * Longest manifest header the source sends (its base64url text). HTTP clients cap a response's
 * headers (Node's default: 16 KiB in all), and a generic instance's config travels in it.
 */
export const TRANSFER_MANIFEST_MAX = 12 * 1024;

/** `POST /instance/:uuid/transfer`: the key, shown once, and when it expires (ms since the epoch). */
export const TransferKeySchema = z.object({ key: z.string(), expires: z.number() });
export type TransferKey = z.infer<typeof TransferKeySchema>;

const Key = z.string().check(z.minLength(16), z.maxLength(256));

/** `POST /transfer/pull` (source): the key is all the caller has. */
export const TransferPullBodySchema = z.object({ key: Key });

/** `POST /instance/transfer-in` (target): where the source is, and its key. */
export const TransferInBodySchema = z.object({
  /** The source core's address as the target reaches it (`http://host:port`; a path is ignored). */
  source_url: z.string().check(z.minLength(1), z.maxLength(TRANSFER_URL_MAX)),
  key: Key,
  /** Another port on the target (default: the source's). */
  port: z.optional(z.number().check(z.int(), z.gte(1), z.lte(65535))),
});
export type TransferInBody = z.infer<typeof TransferInBodySchema>;

/**
 * A generic instance's definition and what its install() answered: what the folder does not show.
 * The target loads the definition as a create would (its own rules and loader) and keeps this
 * install result, so the copy starts as the original did without install() running over the
 * received files again. `config` is the definition's own JSON, handed to its start().
 */
export const TransferGenericSchema = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(TRANSFER_URL_MAX)),
  max_players: z.nullable(z.number().check(z.int(), z.gte(0))),
  config: z.record(z.string(), z.unknown()),
});
export type TransferGeneric = z.infer<typeof TransferGenericSchema>;

/** What the source says about the archive it sends (base64url JSON in TRANSFER_MANIFEST_HEADER). */
export const TransferManifestSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  game_type: GameSchema,
  version: z.string(),
  port: z.number(),
  auto_start: z.boolean(),
  restart_on_crash: z.boolean(),
  size: z.number(),
  /**
   * A generic instance's definition: sent when the user who asked for the key may see the
   * instance's settings on the source (absent from a core older than this field).
   */
  generic: z.optional(TransferGenericSchema),
  /** A generic instance whose definition was not sent: that user may not see its settings. */
  generic_withheld: z.optional(z.boolean()),
});
export type TransferManifest = z.infer<typeof TransferManifestSchema>;
