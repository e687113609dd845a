import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultCatalog, fileFor, type FixtureProject, type FixtureVersion } from './catalog.ts';

export * from './catalog.ts';

/** Bad behaviour to switch on between requests. */
export interface ModrinthFaults {
  /** Serve files with one byte flipped (the listed hashes still describe the good file). */
  corruptFiles: boolean;
  /** List file URLs on another origin (the core must refuse to fetch them). */
  foreignFileUrls: boolean;
  /** Wait this long before answering any API request (benchmarks: a far-away Modrinth). */
  delayMs: number;
}

export interface ModrinthFixture {
  /** `http://127.0.0.1:<port>`: pass as `--modrinth-api-url`. */
  baseUrl: string;
  /** `METHOD path?query` of every request, in order. */
  requests: string[];
  faults: ModrinthFaults;
  catalog: FixtureProject[];
  /** The bytes served for a version (built on first use). */
  fileOf(versionId: string): Promise<Buffer>;
  /** Adds a version at the top of a project's list (newest first), e.g. to offer an update. */
  addVersion(projectId: string, version: FixtureVersion): void;
  close(): Promise<void>;
}

const sha = (algorithm: 'sha1' | 'sha512', data: Buffer) =>
  createHash(algorithm).update(data).digest('hex');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseList(raw: string | null): string[] | null {
  if (raw === null) return null;
  const value: unknown = JSON.parse(raw);
  if (!Array.isArray(value)) throw new Error('not a list');
  return value.map(String);
}

/**
 * A local HTTP server (127.0.0.1, ephemeral port) that speaks the parts of Modrinth's v2 API the
 * core uses — search with facets, project, project versions (loader and game version filters),
 * project dependencies, version, version by file hash, latest versions for hashes — and serves the
 * catalogue's files at `/cdn/data/<project>/versions/<version>/<file>`, as the real CDN does.
 */
export async function startModrinthFixture(
  catalog: FixtureProject[] = defaultCatalog(),
): Promise<ModrinthFixture> {
  const faults: ModrinthFaults = { corruptFiles: false, foreignFileUrls: false, delayMs: 0 };
  const requests: string[] = [];
  const files = new Map<string, Promise<Buffer>>();
  let base = '';

  const find = (idOrSlug: string) =>
    catalog.find((p) => p.id === idOrSlug || p.slug === idOrSlug) ?? null;
  const versionById = (id: string) => {
    for (const project of catalog) {
      const version = project.versions.find((v) => v.id === id);
      if (version) return { project, version };
    }
    return null;
  };
  const fileOf = (versionId: string): Promise<Buffer> => {
    let file = files.get(versionId);
    if (!file) {
      const found = versionById(versionId);
      if (!found) return Promise.reject(new Error(`no version ${versionId}`));
      file = fileFor(found.project, found.version);
      files.set(versionId, file);
    }
    return file;
  };

  const projectTypes = (p: FixtureProject) => [p.type];
  const loadersOf = (p: FixtureProject) => [...new Set(p.versions.flatMap((v) => v.loaders))];
  const gameVersionsOf = (p: FixtureProject) => [
    ...new Set(p.versions.flatMap((v) => v.game_versions)),
  ];

  const versionJson = async (project: FixtureProject, v: FixtureVersion) => {
    const bytes = await fileOf(v.id);
    const origin = faults.foreignFileUrls ? 'http://203.0.113.9' : base;
    return {
      id: v.id,
      project_id: project.id,
      author_id: 'AUTHOR01',
      name: `${project.title} ${v.version_number}`,
      version_number: v.version_number,
      changelog: null,
      dependencies: (v.dependencies ?? []).map((d) => ({
        version_id: d.version_id ?? null,
        project_id: d.project_id,
        file_name: null,
        dependency_type: d.dependency_type,
      })),
      game_versions: v.game_versions,
      version_type: v.version_type ?? 'release',
      loaders: v.loaders,
      featured: false,
      status: 'listed',
      requested_status: null,
      date_published: v.date_published,
      downloads: 10,
      changelog_url: null,
      environment: 'server_only',
      files: [
        {
          hashes: { sha512: sha('sha512', bytes), sha1: sha('sha1', bytes) },
          url: `${origin}/cdn/data/${project.id}/versions/${v.id}/${encodeURIComponent(v.filename)}`,
          filename: v.filename,
          primary: true,
          size: bytes.length,
          file_type: null,
        },
      ],
    };
  };

  const projectJson = (p: FixtureProject) => ({
    id: p.id,
    slug: p.slug,
    team: 'TEAM0001',
    title: p.title,
    description: p.description,
    body: `# ${p.title}\n\n${p.description}`,
    status: 'approved',
    // v2 calls plugins and datapacks mods (their real type is in search's all_project_types).
    project_type: 'mod',
    categories: [...p.categories, ...loadersOf(p)],
    additional_categories: [],
    client_side: 'optional',
    server_side: p.server_side,
    game_versions: gameVersionsOf(p),
    loaders: loadersOf(p),
    versions: p.versions.map((v) => v.id),
    license: { id: 'MIT', name: 'MIT License', url: null },
    downloads: p.downloads,
    followers: 1,
    icon_url: null,
    published: '2023-01-01T00:00:00Z',
    updated: p.versions[0]?.date_published ?? '2023-01-01T00:00:00Z',
    gallery: [],
  });

  const hitJson = (p: FixtureProject) => ({
    project_id: p.id,
    project_type: 'mod',
    all_project_types: projectTypes(p),
    slug: p.slug,
    author: p.author,
    title: p.title,
    description: p.description,
    categories: [...p.categories, ...loadersOf(p)],
    display_categories: [...p.categories, ...loadersOf(p)],
    versions: gameVersionsOf(p),
    downloads: p.downloads,
    follows: 1,
    icon_url: null,
    date_created: '2023-01-01T00:00:00Z',
    date_modified: p.versions[0]?.date_published ?? '2023-01-01T00:00:00Z',
    latest_version: p.versions[0]?.id ?? null,
    license: 'MIT',
    client_side: 'optional',
    server_side: p.server_side,
    gallery: [],
  });

  /** One `field:value` facet against a project (the fields the core sends). */
  const facetHolds = (p: FixtureProject, facet: string): boolean => {
    const at = facet.indexOf(':');
    const field = facet.slice(0, at);
    const value = facet.slice(at + 1);
    switch (field) {
      case 'project_type':
        return projectTypes(p).includes(value as FixtureProject['type']);
      case 'categories':
        return p.categories.includes(value) || loadersOf(p).includes(value);
      case 'versions':
        return gameVersionsOf(p).includes(value);
      case 'server_side':
        return p.server_side === value;
      default:
        throw new Error(`unknown facet ${facet}`);
    }
  };

  const fits = (v: FixtureVersion, loaders: string[] | null, games: string[] | null) =>
    (loaders === null || v.loaders.some((l) => loaders.includes(l))) &&
    (games === null || v.game_versions.some((g) => games.includes(g)));

  const versionByHash = async (hash: string) => {
    for (const project of catalog)
      for (const version of project.versions)
        if (sha('sha512', await fileOf(version.id)) === hash) return { project, version };
    return null;
  };

  type Answer = { status: number; body?: unknown; bytes?: Buffer };
  const notFound: Answer = { status: 404, body: { error: 'not_found', description: 'Not found' } };

  const route = async (method: string, url: URL, body: string): Promise<Answer> => {
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if ((m = /^\/cdn\/data\/([^/]+)\/versions\/([^/]+)\/([^/]+)$/.exec(p)) && method === 'GET') {
      const bytes = Buffer.from(await fileOf(m[2]!));
      if (faults.corruptFiles) bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
      return { status: 200, bytes };
    }
    if (faults.delayMs > 0) await new Promise((r) => setTimeout(r, faults.delayMs));
    if (p === '/v2/search' && method === 'GET') {
      const facets = JSON.parse(url.searchParams.get('facets') ?? '[]') as string[][];
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const hits = catalog.filter(
        (project) =>
          (query === '' ||
            `${project.title} ${project.description} ${project.slug}`
              .toLowerCase()
              .includes(query)) &&
          facets.every((any) => any.some((f) => facetHolds(project, f))),
      );
      return {
        status: 200,
        body: {
          hits: hits.slice(offset, offset + limit).map(hitJson),
          offset,
          limit,
          total_hits: hits.length,
        },
      };
    }
    if ((m = /^\/v2\/project\/([^/]+)$/.exec(p)) && method === 'GET') {
      const project = find(decodeURIComponent(m[1]!));
      return project ? { status: 200, body: projectJson(project) } : notFound;
    }
    if ((m = /^\/v2\/project\/([^/]+)\/version$/.exec(p)) && method === 'GET') {
      const project = find(decodeURIComponent(m[1]!));
      if (!project) return notFound;
      const loaders = parseList(url.searchParams.get('loaders'));
      const games = parseList(url.searchParams.get('game_versions'));
      const list = project.versions.filter((v) => fits(v, loaders, games));
      return { status: 200, body: await Promise.all(list.map((v) => versionJson(project, v))) };
    }
    if ((m = /^\/v2\/project\/([^/]+)\/dependencies$/.exec(p)) && method === 'GET') {
      const project = find(decodeURIComponent(m[1]!));
      if (!project) return notFound;
      const ids = new Set(
        project.versions.flatMap((v) => (v.dependencies ?? []).map((d) => d.project_id)),
      );
      return {
        status: 200,
        body: {
          projects: catalog.filter((c) => ids.has(c.id)).map(projectJson),
          versions: [],
        },
      };
    }
    if ((m = /^\/v2\/version\/([^/]+)$/.exec(p)) && method === 'GET') {
      const found = versionById(decodeURIComponent(m[1]!));
      return found
        ? { status: 200, body: await versionJson(found.project, found.version) }
        : notFound;
    }
    if ((m = /^\/v2\/version_file\/([0-9a-f]+)$/.exec(p)) && method === 'GET') {
      if (url.searchParams.get('algorithm') !== 'sha512') return notFound;
      const found = await versionByHash(m[1]!);
      return found
        ? { status: 200, body: await versionJson(found.project, found.version) }
        : notFound;
    }
    if (p === '/v2/version_files/update' && method === 'POST') {
      const req = JSON.parse(body) as {
        hashes: string[];
        algorithm: string;
        loaders: string[];
        game_versions: string[];
      };
      if (
        req.algorithm !== 'sha512' ||
        !Array.isArray(req.loaders) ||
        !Array.isArray(req.game_versions)
      )
        return { status: 400, body: { error: 'invalid_input', description: 'bad body' } };
      const out: Record<string, unknown> = {};
      for (const hash of req.hashes) {
        const found = await versionByHash(hash);
        if (!found) continue;
        const newest = found.project.versions.find((v) =>
          fits(
            v,
            req.loaders.length ? req.loaders : null,
            req.game_versions.length ? req.game_versions : null,
          ),
        );
        if (newest) out[hash] = await versionJson(found.project, newest);
      }
      return { status: 200, body: out };
    }
    return notFound;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    void (async () => {
      try {
        const answer = await route(req.method ?? 'GET', url, await readBody(req));
        if (answer.bytes) {
          res.writeHead(answer.status, {
            'content-type': 'application/java-archive',
            'content-length': answer.bytes.length,
          });
          res.end(answer.bytes);
        } else {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body ?? null));
        }
      } catch (err) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'invalid_input', description: String(err) }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: base,
    requests,
    faults,
    catalog,
    fileOf,
    addVersion(projectId, version) {
      const project = find(projectId);
      if (!project) throw new Error(`no project ${projectId}`);
      project.versions.unshift(version);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
