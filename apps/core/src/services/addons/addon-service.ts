import {
  ADDON_QUERY_MAX,
  ADDON_SEARCH_LIMIT,
  SnowflakeGenerator,
  type Activity,
  type AddonDependency,
  type AddonKind,
  type AddonProject,
  type AddonSearchPage,
  type AddonTarget,
  type AddonUpdate,
  type AddonVersion,
  type CausedBy,
  type InstalledAddon,
} from '@hearth/protocol';
import { CoreError, badRequest, notFound, permissionDenied } from '../../errors.ts';
import { joinClientPath } from '../files/client-file.ts';
import type { FileAccess } from '../files/file-access.ts';
import { touchOfPath } from '../files/file-access.ts';
import { sanitizeFileName } from '../files/file-name.ts';
import type { FileService } from '../files/file-service.ts';
import { SerialQueue } from '../../lib/serial-queue.ts';
import type { AddonRecord, AddonRepository } from '../../repositories/addon-repository.ts';
import type { InstanceRecord } from '../../repositories/instance-repository.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import { downloadFile } from '../../runtime/minecraft/http.ts';
import {
  addonTarget,
  extensionFor,
  kindOfVersion,
  loadersFor,
  searchFacets,
} from './addon-target.ts';
import { primaryFile, type ModrinthClient, type ModrinthVersion } from './modrinth-client.ts';

/** Dependencies installed along with one add-on, at most (a chain longer than this is refused). */
const MAX_DEPENDENCIES = 16;

export const MODRINTH_OFF =
  'The Modrinth browser is turned off on this core (the owner can turn it on in Settings)';

export interface AddonServiceDeps {
  client: ModrinthClient;
  repository: AddonRepository;
  /** The instance's folder and stored record (NotFound for an unknown uuid). */
  instance(uuid: string): { dir: string; record: InstanceRecord };
  access: FileAccess;
  /** Where install, update and remove go in the event log (EventBus.record). */
  record(activity: Activity, causedBy: CausedBy): void;
  /** The owner's `modrinth_enabled` setting. */
  enabled(): boolean;
}

const ids = new SnowflakeGenerator();

/** The version as the wire shows it, with each dependency's title and whether it is installed. */
function toAddonVersion(
  version: ModrinthVersion,
  titles: ReadonlyMap<string, string>,
  installed: ReadonlySet<string>,
): AddonVersion {
  const file = primaryFile(version);
  return {
    id: version.id,
    project_id: version.project_id,
    name: version.name,
    version_number: version.version_number,
    version_type: version.version_type,
    game_versions: version.game_versions,
    loaders: version.loaders,
    date_published: version.date_published,
    downloads: version.downloads,
    file:
      file?.hashes.sha512 === undefined
        ? null
        : { filename: file.filename, size: file.size, sha512: file.hashes.sha512 },
    dependencies: version.dependencies.map((d): AddonDependency => ({
      project_id: d.project_id ?? null,
      version_id: d.version_id ?? null,
      file_name: d.file_name ?? null,
      dependency_type: d.dependency_type,
      title: d.project_id ? (titles.get(d.project_id) ?? null) : null,
      installed: d.project_id ? installed.has(d.project_id) : false,
    })),
  };
}

/**
 * Mods, plugins and datapacks from Modrinth (issue 27). The core is the only one that talks to
 * Modrinth; installing is writing a file into the instance, so it needs file write and obeys the
 * protected-path rule (a `.jar` or `mods/` needs the owner or global file write, as an upload of
 * that jar would — Modrinth hosts code anyone can publish). Each file is downloaded to a temp name
 * in its folder, checked against the SHA-512 Modrinth lists and its size, and only then renamed
 * into place; the record (SQLite) follows, so updates and removal know what Hearth put there.
 */
export class AddonService {
  /** One install, update or removal at a time per instance. */
  private readonly queue = new SerialQueue();

  constructor(private readonly deps: AddonServiceDeps) {}

  private requireEnabled(): void {
    if (!this.deps.enabled()) throw permissionDenied(MODRINTH_OFF);
  }

  async target(uuid: string): Promise<AddonTarget> {
    const { dir, record } = this.deps.instance(uuid);
    return addonTarget(dir, record);
  }

  private async targetFor(uuid: string, kind: AddonKind): Promise<AddonTarget> {
    const target = await this.target(uuid);
    if (target.reason !== null) throw badRequest(target.reason);
    if (!target.kinds.includes(kind))
      throw badRequest(`This server does not load ${kind}s (it takes ${target.kinds.join(', ')})`);
    return target;
  }

  async search(
    uuid: string,
    req: { query: string; kind: AddonKind; offset: number },
  ): Promise<AddonSearchPage> {
    this.requireEnabled();
    const target = await this.targetFor(uuid, req.kind);
    const result = await this.deps.client.search({
      query: req.query.slice(0, ADDON_QUERY_MAX),
      facets: searchFacets(target, req.kind),
      offset: req.offset,
      limit: ADDON_SEARCH_LIMIT,
    });
    const installed = this.installedProjects(uuid);
    return {
      kind: req.kind,
      offset: result.offset,
      limit: result.limit,
      total_hits: result.total_hits,
      hits: result.hits.map((h) => ({
        project_id: h.project_id,
        slug: h.slug ?? null,
        title: h.title,
        description: h.description,
        author: h.author,
        icon_url: h.icon_url ?? null,
        downloads: h.downloads,
        categories: h.categories,
        installed: installed.has(h.project_id),
      })),
    };
  }

  /** A project with the versions that fit the instance, each with its dependencies named. */
  async project(uuid: string, projectId: string, kind: AddonKind): Promise<AddonProject> {
    this.requireEnabled();
    const target = await this.targetFor(uuid, kind);
    const { client } = this.deps;
    const [project, versions, dependencies] = await Promise.all([
      client.project(projectId),
      client.projectVersions(projectId, {
        loaders: loadersFor(target, kind),
        gameVersions: target.game_version === null ? [] : [target.game_version],
      }),
      client.projectDependencies(projectId),
    ]);
    const titles = new Map(dependencies.projects.map((p) => [p.id, p.title]));
    const installed = this.installedProjects(uuid);
    return {
      id: project.id,
      slug: project.slug ?? null,
      title: project.title,
      description: project.description,
      icon_url: project.icon_url ?? null,
      license: project.license?.id ?? null,
      kind,
      versions: versions.map((v) => toAddonVersion(v, titles, installed)),
    };
  }

  /** What Hearth installed on the instance, each with whether its file is still there. */
  async list(uuid: string): Promise<InstalledAddon[]> {
    const service = this.deps.access.service(uuid);
    const out: InstalledAddon[] = [];
    for (const record of this.deps.repository.list(uuid)) {
      const file = await service.stat(record.path).catch(() => null);
      out.push({
        ...record,
        present: file !== null && file.file_type === 'File' && file.size === record.size,
      });
    }
    return out;
  }

  /** Installs a version (and, when asked, its missing required dependencies first). */
  async install(
    user: StoredUser,
    uuid: string,
    body: { version_id: string; with_dependencies: boolean },
    causedBy: CausedBy,
  ): Promise<InstalledAddon[]> {
    this.requireEnabled();
    const version = await this.deps.client.version(body.version_id);
    const target = await this.target(uuid);
    const kind = this.fitting(target, version);
    const plan = body.with_dependencies
      ? await this.dependencyPlan(uuid, target, version, kind)
      : [];
    return this.queue.run(uuid, async () => {
      const done: InstalledAddon[] = [];
      for (const item of [...plan, { version, kind }]) {
        if (this.deps.repository.byProject(uuid, item.version.project_id) !== null) {
          if (item.version === version)
            throw badRequest(
              'This add-on is already installed',
              'Update it from the installed list instead',
            );
          continue;
        }
        done.push(await this.place(user, uuid, target, item.version, item.kind, null, causedBy));
      }
      // The asked-for add-on first, then its dependencies.
      return [done[done.length - 1]!, ...done.slice(0, -1)];
    });
  }

  /** For each installed add-on, the newest version that fits, when it is not the installed one. */
  async updates(uuid: string): Promise<AddonUpdate[]> {
    this.requireEnabled();
    const target = await this.target(uuid);
    const records = this.deps.repository.list(uuid);
    const out: AddonUpdate[] = [];
    for (const kind of target.kinds) {
      const ofKind = records.filter((r) => r.kind === kind);
      if (ofKind.length === 0) continue;
      const latest = await this.deps.client.latestVersions(
        ofKind.map((r) => r.sha512),
        {
          loaders: loadersFor(target, kind),
          gameVersions: target.game_version === null ? [] : [target.game_version],
        },
      );
      for (const record of ofKind) {
        const newest = latest[record.sha512];
        if (newest === undefined || newest.id === record.version_id) continue;
        if (newest.project_id !== record.project_id) continue;
        out.push({
          addon_id: record.id,
          current_version_id: record.version_id,
          latest: toAddonVersion(newest, new Map(), this.installedProjects(uuid)),
        });
      }
    }
    return out;
  }

  /** Replaces an installed add-on's file with another version of the same project. */
  async update(
    user: StoredUser,
    uuid: string,
    addonId: string,
    versionId: string | null,
    causedBy: CausedBy,
  ): Promise<InstalledAddon> {
    this.requireEnabled();
    const target = await this.target(uuid);
    const current = this.require(uuid, addonId);
    const version =
      versionId === null
        ? await this.newest(target, current.project_id, current.kind)
        : await this.deps.client.version(versionId);
    if (version.project_id !== current.project_id)
      throw badRequest('That version belongs to another project');
    const kind = this.fitting(target, version);
    return this.queue.run(uuid, async () => {
      const record = this.require(uuid, addonId);
      if (version.id === record.version_id) return { ...record, present: true };
      return this.place(user, uuid, target, version, kind, record, causedBy);
    });
  }

  /** Removes an installed add-on's file (when it is still there) and its record. */
  async remove(user: StoredUser, uuid: string, addonId: string, causedBy: CausedBy): Promise<void> {
    await this.queue.run(uuid, async () => {
      const record = this.require(uuid, addonId);
      const service = this.deps.access.service(uuid);
      await this.guardPath(user, service, record.path);
      await service.rm(record.path).catch((err: unknown) => {
        if (err instanceof CoreError && err.kind === 'NotFound') return;
        throw err;
      });
      await this.deps.repository.remove(uuid, addonId);
      this.activity(uuid, 'removed', record, causedBy);
    });
  }

  private require(uuid: string, addonId: string): AddonRecord {
    const record = this.deps.repository.get(uuid, addonId);
    if (record === null) throw notFound('No such add-on on this instance');
    return record;
  }

  private installedProjects(uuid: string): Set<string> {
    return new Set(this.deps.repository.list(uuid).map((r) => r.project_id));
  }

  /** The kind the version is on this instance; refused when it is for another loader or game version. */
  private fitting(target: AddonTarget, version: ModrinthVersion): AddonKind {
    if (target.reason !== null) throw badRequest(target.reason);
    const kind = kindOfVersion(target, version.loaders);
    if (kind === null)
      throw badRequest(
        `${version.version_number} is for ${version.loaders.join(', ') || 'no loader'}, not for this server`,
      );
    if (target.game_version !== null && !version.game_versions.includes(target.game_version))
      throw badRequest(
        `${version.version_number} does not support Minecraft ${target.game_version}`,
        `it supports ${version.game_versions.join(', ') || 'no version'}`,
      );
    return kind;
  }

  private async newest(
    target: AddonTarget,
    projectId: string,
    kind: AddonKind,
  ): Promise<ModrinthVersion> {
    const versions = await this.deps.client.projectVersions(projectId, {
      loaders: loadersFor(target, kind),
      gameVersions: target.game_version === null ? [] : [target.game_version],
    });
    const newest = versions[0];
    if (newest === undefined)
      throw badRequest(`Modrinth has no version of ${projectId} for this server`);
    return newest;
  }

  /** The required dependencies not installed yet, deepest first, each at its pinned or newest version. */
  private async dependencyPlan(
    uuid: string,
    target: AddonTarget,
    root: ModrinthVersion,
    rootKind: AddonKind,
  ): Promise<{ version: ModrinthVersion; kind: AddonKind }[]> {
    const installed = this.installedProjects(uuid);
    const seen = new Set<string>([root.project_id]);
    const plan: { version: ModrinthVersion; kind: AddonKind }[] = [];
    const visit = async (version: ModrinthVersion, kind: AddonKind): Promise<void> => {
      for (const dep of version.dependencies) {
        if (dep.dependency_type !== 'required' || !dep.project_id) continue;
        if (seen.has(dep.project_id) || installed.has(dep.project_id)) continue;
        seen.add(dep.project_id);
        if (seen.size > MAX_DEPENDENCIES + 1)
          throw badRequest(`This add-on needs more than ${MAX_DEPENDENCIES} others`);
        const next = dep.version_id
          ? await this.deps.client.version(dep.version_id)
          : await this.newest(target, dep.project_id, kind).catch((err: unknown) => {
              throw err instanceof CoreError && err.kind === 'BadRequest'
                ? badRequest(
                    `${version.version_number} needs ${dep.project_id}, which has no version for this server`,
                  )
                : err;
            });
        const nextKind = this.fitting(target, next);
        await visit(next, nextKind);
        plan.push({ version: next, kind: nextKind });
      }
    };
    await visit(root, rootKind);
    return plan;
  }

  /** Refuses a path the caller may not write: macro code, or a protected path without the right. */
  private async guardPath(user: StoredUser, service: FileService, path: string): Promise<void> {
    if (touchOfPath(path) !== null)
      throw badRequest('An add-on never goes under macros/', `${path} is macro code`);
    const { access } = this.deps;
    await access.requireUnprotected(user, path, () => access.isProtectedNow(service, path));
  }

  /**
   * Downloads `version`'s file into its folder, verified, and records it; with `replacing`, the
   * previous file of that add-on goes once the new one is in place (same name: replaced atomically).
   */
  private async place(
    user: StoredUser,
    uuid: string,
    target: AddonTarget,
    version: ModrinthVersion,
    kind: AddonKind,
    replacing: AddonRecord | null,
    causedBy: CausedBy,
  ): Promise<InstalledAddon> {
    const { client, repository, access } = this.deps;
    const file = primaryFile(version);
    const sha512 = file?.hashes.sha512?.toLowerCase();
    if (!file || sha512 === undefined || !/^[0-9a-f]{128}$/.test(sha512))
      throw badRequest(`${version.version_number} has no file with a SHA-512 to check it by`);
    if (!client.fileUrlAllowed(file.url))
      throw new CoreError('External', [
        'Modrinth named a file on another server',
        `${file.url} is neither on ${new URL(client.baseUrl).origin} nor on Modrinth's CDN`,
      ]);
    const folder = target.folders[kind];
    if (folder === undefined) throw badRequest(`This server does not load ${kind}s`);
    const name = sanitizeFileName(file.filename);
    if (!name.toLowerCase().endsWith(extensionFor(kind)))
      throw badRequest(`${name} is not a ${extensionFor(kind)} file: the server would not load it`);
    const path = joinClientPath(folder, name);
    const service = access.service(uuid);
    await this.guardPath(user, service, path);
    if (replacing) await this.guardPath(user, service, replacing.path);
    const sameName = replacing !== null && replacing.path === path;
    if (!sameName && (await service.stat(path).catch(() => null)) !== null)
      throw badRequest(`A file named ${name} is already in ${folder}/`, 'Remove it first');

    await downloadFile({
      url: file.url,
      name,
      checksum: { algorithm: 'sha512', hex: sha512 },
      expectedSize: file.size,
      maxBytes: file.size,
      save: (body) =>
        sameName
          ? service.sandbox.writeAtomic(path, body, { createParents: true })
          : service
              .saveUpload(folder, name, body as AsyncIterable<Buffer>, { exactName: true })
              .then(() => undefined),
    });

    const record: AddonRecord = {
      id: replacing?.id ?? ids.next(),
      instance_uuid: uuid,
      kind,
      project_id: version.project_id,
      version_id: version.id,
      title: replacing?.title ?? (await this.title(version.project_id)),
      version_number: version.version_number,
      path,
      sha512,
      size: file.size,
      installed_at: Date.now(),
      installed_by: user.uid,
    };
    try {
      await repository.save(record);
    } catch (err) {
      // Without its record the file would be one Hearth cannot update or remove: take it back.
      if (!sameName) await service.rm(path).catch(() => undefined);
      throw err;
    }
    if (replacing && !sameName)
      await service.rm(replacing.path).catch((err: unknown) => {
        if (err instanceof CoreError && err.kind === 'NotFound') return;
        throw err;
      });
    this.activity(uuid, replacing ? 'updated' : 'installed', record, causedBy);
    return { ...record, present: true };
  }

  private async title(projectId: string): Promise<string> {
    try {
      return (await this.deps.client.project(projectId)).title;
    } catch {
      return projectId;
    }
  }

  private activity(
    uuid: string,
    action: 'installed' | 'updated' | 'removed',
    record: AddonRecord,
    causedBy: CausedBy,
  ): void {
    this.deps.record(
      {
        type: 'AddonActivity',
        action,
        instance_uuid: uuid,
        instance_name: this.deps.instance(uuid).record.name,
        project_id: record.project_id,
        title: record.title,
        version_number: record.version_number,
        path: record.path,
      },
      causedBy,
    );
  }
}
