import { z } from 'zod/mini';

/** core-api.md §2.17 */
export const GlobalSettingsDataSchema = z.object({
  core_name: z.string(),
  safe_mode: z.boolean(),
  domain: z.nullable(z.string()),
  playit_enabled: z._default(z.boolean(), false),
  /** Hearth (issue 27): the Add-ons tab's Modrinth browser; the owner may turn it off. */
  modrinth_enabled: z._default(z.boolean(), true),
  /**
   * Hearth (issue 28): every user must sign in with a second factor. A Hearth core always sends
   * it; a Lodestone core has no such setting (absent, read as false).
   */
  require_two_factor: z.optional(z.boolean()),
});
export type GlobalSettingsData = z.output<typeof GlobalSettingsDataSchema>;

/** core-api.md §1.4.1 */
export const CoreInfoSchema = z.object({
  version: z.string(),
  is_setup: z.boolean(),
  os: z.string(),
  arch: z.string(),
  cpu: z.string(),
  cpu_count: z.number(),
  total_ram: z.number(),
  total_disk: z.number(),
  host_name: z.string(),
  uuid: z.string(),
  core_name: z.string(),
  up_since: z.number(),
});
export type CoreInfo = z.infer<typeof CoreInfoSchema>;

export const SystemRamSchema = z.object({ total: z.number(), free: z.number() });
export type SystemRam = z.infer<typeof SystemRamSchema>;
export const SystemDiskSchema = z.object({ total: z.number(), free: z.number() });
export type SystemDisk = z.infer<typeof SystemDiskSchema>;
export const SystemCpuSchema = z.object({ cpu_speed: z.number(), cpu_load: z.number() });
export type SystemCpu = z.infer<typeof SystemCpuSchema>;

export const PortStatusSchema = z.object({ is_in_use: z.boolean(), is_allocated: z.boolean() });
export type PortStatus = z.infer<typeof PortStatusSchema>;

/** Bodies of the four global-setting setters. */
export const CoreNameBodySchema = z.string();
export const DomainBodySchema = z.nullable(z.string());
export const BooleanBodySchema = z.boolean();
