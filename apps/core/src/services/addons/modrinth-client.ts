import { z } from 'zod';
import { CoreError } from '../../errors.ts';
import { outboundText, outboundJsonExchange, isUpstreamNotFound } from '../../lib/outbound-http.ts';

// Modrinth's v2 API (https://docs.modrinth.com/api/), the parts the Add-ons tab uses: search,
// project, its versions and dependencies, a version, a version by file hash, and the newest
// versions for a list of file hashes. Only the fields Hearth reads are in the shapes below; every
// answer is parsed, so a change on Modrinth's side is a clear External error, never a crash.

/** The real service; `--modrinth-api-url` / `HEARTH_MODRINTH_API_URL` points elsewhere. */
export const DEFAULT_MODRINTH_API_URL = 'https://api.modrinth.com';
/** Where Modrinth serves files (a version's `files[].url`). */
export const MODRINTH_CDN_ORIGIN = 'https://cdn.modrinth.com';
/** One API call, body included. */
export const MODRINTH_TIMEOUT_MS = 15_000;
/** Largest JSON answer read (a project's version list can be long; none is near this). */
const MAX_JSON_BYTES = 8 * 1024 * 1024;

const HitSchema = z.object({
  project_id: z.string(),
  slug: z.string().nullable().optional(),
  title: z.string(),
  description: z.string().default(''),
  author: z.string().default(''),
  icon_url: z.string().nullable().optional(),
  downloads: z.number().default(0),
  categories: z.array(z.string()).default([]),
});
export const SearchResultSchema = z.object({
  hits: z.array(HitSchema),
  offset: z.number(),
  limit: z.number(),
  total_hits: z.number(),
});
export type ModrinthSearchResult = z.infer<typeof SearchResultSchema>;

export const ProjectSchema = z.object({
  id: z.string(),
  slug: z.string().nullable().optional(),
  title: z.string(),
  description: z.string().default(''),
  icon_url: z.string().nullable().optional(),
  project_type: z.string(),
  loaders: z.array(z.string()).default([]),
  game_versions: z.array(z.string()).default([]),
  license: z.object({ id: z.string() }).nullable().optional(),
});
export type ModrinthProject = z.infer<typeof ProjectSchema>;

const DependencySchema = z.object({
  version_id: z.string().nullable().optional(),
  project_id: z.string().nullable().optional(),
  file_name: z.string().nullable().optional(),
  dependency_type: z.enum(['required', 'optional', 'incompatible', 'embedded']),
});

const FileSchema = z.object({
  hashes: z.object({ sha512: z.string().optional(), sha1: z.string().optional() }),
  url: z.string(),
  filename: z.string(),
  primary: z.boolean().default(false),
  size: z.number().int().nonnegative(),
});
export type ModrinthFile = z.infer<typeof FileSchema>;

export const VersionSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string().default(''),
  version_number: z.string(),
  version_type: z.enum(['release', 'beta', 'alpha']).catch('release'),
  game_versions: z.array(z.string()).default([]),
  loaders: z.array(z.string()).default([]),
  date_published: z.string().default(''),
  downloads: z.number().default(0),
  dependencies: z.array(DependencySchema).default([]),
  files: z.array(FileSchema),
});
export type ModrinthVersion = z.infer<typeof VersionSchema>;

const DependencyListSchema = z.object({
  projects: z.array(ProjectSchema).default([]),
  versions: z.array(VersionSchema).default([]),
});
export type ModrinthDependencyList = z.infer<typeof DependencyListSchema>;

export interface SearchRequest {
  query: string;
  /** AND of ORs, as Modrinth's `facets` parameter (`[["project_type:mod"],["versions:1.20.1"]]`). */
  facets: string[][];
  offset: number;
  limit: number;
}

export interface VersionFilter {
  loaders: readonly string[];
  gameVersions: readonly string[];
}

/** A project id or slug, or a version id, as Modrinth writes them (no path tricks in a URL). */
const ID = /^[\w!@$()`.+,"\-']{1,64}$/;

function checkId(id: string, what: string): string {
  if (!ID.test(id) || id === '.' || id === '..')
    throw new CoreError('BadRequest', `Invalid ${what}: ${JSON.stringify(id.slice(0, 80))}`);
  return encodeURIComponent(id);
}

function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CoreError('External', [
    `Modrinth answered an unexpected ${what}`,
    issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown problem',
  ]);
}

/** Modrinth's 404 as ours, naming what it does not have (`project <slug>`, `version <id>`). */
function orNotFound<T>(answer: Promise<T>, what: string): Promise<T> {
  return answer.catch((err: unknown) => {
    if (isUpstreamNotFound(err)) throw new CoreError('NotFound', `Modrinth has no ${what}`);
    throw err;
  });
}

/** The primary file of a version (Modrinth: the one marked primary, else the first). */
export function primaryFile(version: ModrinthVersion): ModrinthFile | null {
  return version.files.find((f) => f.primary) ?? version.files[0] ?? null;
}

/**
 * The core's Modrinth client: every call has a time-out (outbound-http.ts), every answer is read
 * up to a cap and parsed. `baseUrl` is the API root (`https://api.modrinth.com`); paths add `/v2`.
 */
export class ModrinthClient {
  readonly baseUrl: string;

  constructor(baseUrl: string = DEFAULT_MODRINTH_API_URL) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  private async getJson<T>(
    path: string,
    schema: z.ZodType<T>,
    what: string,
    signal?: AbortSignal,
  ): Promise<T> {
    const url = `${this.baseUrl}/v2${path}`;
    const text = await outboundText({
      url,
      headers: { accept: 'application/json' },
      timeoutMs: MODRINTH_TIMEOUT_MS,
      maxBytes: MAX_JSON_BYTES,
      signal,
    });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CoreError('External', `GET ${url} did not answer valid JSON`);
    }
    return parse(schema, json, what);
  }

  /** `GET /v2/search?query&facets&offset&limit`. */
  search(req: SearchRequest, signal?: AbortSignal): Promise<ModrinthSearchResult> {
    const params = new URLSearchParams({
      query: req.query,
      facets: JSON.stringify(req.facets),
      offset: String(req.offset),
      limit: String(req.limit),
    });
    return this.getJson(
      `/search?${params.toString()}`,
      SearchResultSchema,
      'search result',
      signal,
    );
  }

  /** `GET /v2/project/{id|slug}`. */
  project(idOrSlug: string, signal?: AbortSignal): Promise<ModrinthProject> {
    return orNotFound(
      this.getJson(`/project/${checkId(idOrSlug, 'project')}`, ProjectSchema, 'project', signal),
      `project ${idOrSlug}`,
    );
  }

  /** `GET /v2/project/{id|slug}/version?loaders&game_versions`, newest first as Modrinth lists them. */
  projectVersions(
    idOrSlug: string,
    filter: VersionFilter,
    signal?: AbortSignal,
  ): Promise<ModrinthVersion[]> {
    const params = new URLSearchParams();
    if (filter.loaders.length > 0) params.set('loaders', JSON.stringify(filter.loaders));
    if (filter.gameVersions.length > 0)
      params.set('game_versions', JSON.stringify(filter.gameVersions));
    const query = params.toString();
    return this.getJson(
      `/project/${checkId(idOrSlug, 'project')}/version${query ? `?${query}` : ''}`,
      z.array(VersionSchema),
      'version list',
      signal,
    );
  }

  /** `GET /v2/project/{id|slug}/dependencies`: the projects (and pinned versions) it depends on. */
  projectDependencies(idOrSlug: string, signal?: AbortSignal): Promise<ModrinthDependencyList> {
    return this.getJson(
      `/project/${checkId(idOrSlug, 'project')}/dependencies`,
      DependencyListSchema,
      'dependency list',
      signal,
    );
  }

  /** `GET /v2/version/{id}`. */
  version(id: string, signal?: AbortSignal): Promise<ModrinthVersion> {
    return orNotFound(
      this.getJson(`/version/${checkId(id, 'version')}`, VersionSchema, 'version', signal),
      `version ${id}`,
    );
  }

  /** `GET /v2/version_file/{sha512}?algorithm=sha512`: the version a file belongs to, or null. */
  async versionFromHash(sha512: string, signal?: AbortSignal): Promise<ModrinthVersion | null> {
    if (!/^[0-9a-f]{128}$/.test(sha512)) throw new CoreError('BadRequest', 'Invalid SHA-512');
    try {
      return await this.getJson(
        `/version_file/${sha512}?algorithm=sha512`,
        VersionSchema,
        'version',
        signal,
      );
    } catch (err) {
      if (isUpstreamNotFound(err)) return null;
      throw err;
    }
  }

  /**
   * `POST /v2/version_files/update`: for each file hash (sha512), the newest version of its project
   * that fits the loaders and game versions. Hashes Modrinth does not know are left out.
   */
  async latestVersions(
    sha512s: readonly string[],
    filter: VersionFilter,
    signal?: AbortSignal,
  ): Promise<Record<string, ModrinthVersion>> {
    if (sha512s.length === 0) return {};
    const url = `${this.baseUrl}/v2/version_files/update`;
    const { status, json } = await outboundJsonExchange({
      url,
      body: {
        hashes: sha512s,
        algorithm: 'sha512',
        loaders: filter.loaders,
        game_versions: filter.gameVersions,
      },
      timeoutMs: MODRINTH_TIMEOUT_MS,
      maxBytes: MAX_JSON_BYTES,
      signal,
    });
    if (status < 200 || status > 299)
      throw new CoreError('External', `POST ${url} answered ${status}`);
    return parse(z.record(z.string(), VersionSchema), json, 'update list');
  }

  /**
   * Whether the core may download a file from `url`: https from Modrinth's CDN, or anything on the
   * configured API's own origin (a mirror, a test server). Never another host a (possibly tampered)
   * answer names: the core would fetch it from inside the owner's network.
   */
  fileUrlAllowed(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.username !== '' || parsed.password !== '') return false;
    return parsed.origin === MODRINTH_CDN_ORIGIN || parsed.origin === new URL(this.baseUrl).origin;
  }
}
