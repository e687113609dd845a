import { z } from 'zod/mini';

// Hearth: mods, plugins and datapacks from Modrinth (issue 27). The core talks to Modrinth's v2 API
// and answers in these shapes (never Modrinth's own), so the dashboard never calls Modrinth and a
// change on Modrinth's side is one mapping in the core. Times are unix milliseconds.

/** What an add-on is, and so where it goes: `mods/`, `plugins/`, or the world's `datapacks/`. */
export const AddonKindSchema = z.enum(['mod', 'plugin', 'datapack']);
export type AddonKind = z.infer<typeof AddonKindSchema>;
export const ADDON_KINDS = AddonKindSchema.options;

/** Results per search page (Modrinth allows up to 100). */
export const ADDON_SEARCH_LIMIT = 20;
/**
 * The largest search `offset` the core passes on: a page further than this is refused (400) and
 * the dashboard offers no "Load more" past it, however many hits Modrinth counts.
 */
export const ADDON_SEARCH_OFFSET_MAX = 10_000;

/**
 * Where the page after `page` starts, or null when `page` is the last one: the search reached
 * `total_hits`, a page came back empty, or the next would start past ADDON_SEARCH_OFFSET_MAX.
 */
export function nextAddonSearchOffset(page: {
  offset: number;
  hits: readonly unknown[];
  total_hits: number;
}): number | null {
  const next = page.offset + page.hits.length;
  if (page.hits.length === 0 || next >= page.total_hits || next > ADDON_SEARCH_OFFSET_MAX)
    return null;
  return next;
}
/** Longest search text sent on. */
export const ADDON_QUERY_MAX = 200;

/**
 * What an instance can take, decided by the core from its record: Fabric and Forge take mods, Paper
 * plugins, every Minecraft Java server datapacks. `reason` says why a game takes none.
 */
export const AddonTargetSchema = z.object({
  kinds: z.array(AddonKindSchema),
  /** Modrinth's loader names the mods or plugins are filtered by (`fabric`, `paper`, …). */
  loaders: z.array(z.string()),
  game_version: z.nullable(z.string()),
  /** The folder each kind goes to, as a client path of the instance. */
  folders: z.partialRecord(AddonKindSchema, z.string()),
  reason: z.nullable(z.string()),
});
export type AddonTarget = z.infer<typeof AddonTargetSchema>;

export const AddonSearchHitSchema = z.object({
  project_id: z.string(),
  slug: z.nullable(z.string()),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  icon_url: z.nullable(z.string()),
  downloads: z.number(),
  categories: z.array(z.string()),
  /** Whether a file of this project is recorded as installed on the instance. */
  installed: z.boolean(),
});
export type AddonSearchHit = z.infer<typeof AddonSearchHitSchema>;

export const AddonSearchPageSchema = z.object({
  kind: AddonKindSchema,
  hits: z.array(AddonSearchHitSchema),
  offset: z.number(),
  limit: z.number(),
  total_hits: z.number(),
});
export type AddonSearchPage = z.infer<typeof AddonSearchPageSchema>;

export const AddonDependencyTypeSchema = z.enum([
  'required',
  'optional',
  'incompatible',
  'embedded',
]);
export type AddonDependencyType = z.infer<typeof AddonDependencyTypeSchema>;

export const AddonDependencySchema = z.object({
  project_id: z.nullable(z.string()),
  version_id: z.nullable(z.string()),
  file_name: z.nullable(z.string()),
  dependency_type: AddonDependencyTypeSchema,
  /** The project's title when Modrinth knows the project. */
  title: z.nullable(z.string()),
  /** A file of that project is recorded as installed on the instance. */
  installed: z.boolean(),
});
export type AddonDependency = z.infer<typeof AddonDependencySchema>;

export const AddonFileSchema = z.object({
  filename: z.string(),
  size: z.number(),
  sha512: z.string(),
});
export type AddonFile = z.infer<typeof AddonFileSchema>;

export const AddonVersionSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  version_number: z.string(),
  version_type: z.enum(['release', 'beta', 'alpha']),
  game_versions: z.array(z.string()),
  loaders: z.array(z.string()),
  date_published: z.string(),
  downloads: z.number(),
  /** The primary file (the one installed); null when the version has no file Hearth can take. */
  file: z.nullable(AddonFileSchema),
  dependencies: z.array(AddonDependencySchema),
});
export type AddonVersion = z.infer<typeof AddonVersionSchema>;

/** A project with the versions that fit the instance (its loaders and game version), newest first. */
export const AddonProjectSchema = z.object({
  id: z.string(),
  slug: z.nullable(z.string()),
  title: z.string(),
  description: z.string(),
  icon_url: z.nullable(z.string()),
  license: z.nullable(z.string()),
  kind: AddonKindSchema,
  versions: z.array(AddonVersionSchema),
});
export type AddonProject = z.infer<typeof AddonProjectSchema>;

/** An add-on Hearth installed: enough to update and remove it later. */
export const InstalledAddonSchema = z.object({
  id: z.string(),
  instance_uuid: z.string(),
  kind: AddonKindSchema,
  project_id: z.string(),
  version_id: z.string(),
  title: z.string(),
  version_number: z.string(),
  /** Client path of the file in the instance folder. */
  path: z.string(),
  sha512: z.string(),
  size: z.number(),
  installed_at: z.number(),
  /** Uid of the user who installed it (null when they are gone or it was the core). */
  installed_by: z.nullable(z.string()),
  /** The file is still there as a regular file (someone may have removed it through Files). */
  present: z.boolean(),
});
export type InstalledAddon = z.infer<typeof InstalledAddonSchema>;

export const AddonUpdateSchema = z.object({
  addon_id: z.string(),
  current_version_id: z.string(),
  latest: AddonVersionSchema,
});
export type AddonUpdate = z.infer<typeof AddonUpdateSchema>;

export const AddonInstallBodySchema = z.object({
  version_id: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Install the version's required dependencies that are not installed yet (newest fitting). */
  with_dependencies: z._default(z.boolean(), false),
});
export type AddonInstallBody = z.output<typeof AddonInstallBodySchema>;

/** `PUT …/addons/:addon`: to a chosen version, or (null) the newest that fits. */
export const AddonUpdateBodySchema = z.object({
  version_id: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(64))), null),
});
export type AddonUpdateBody = z.output<typeof AddonUpdateBodySchema>;

/** `POST …/addons` answers with every add-on it installed, the asked one first. */
export const AddonInstallResultSchema = z.array(InstalledAddonSchema);
