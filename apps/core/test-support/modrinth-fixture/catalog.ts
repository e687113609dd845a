import yazl from 'yazl';

// The fixture's catalogue: a few projects in Modrinth's real formats, whose files are tiny but
// valid (a Fabric mod is a zip with fabric.mod.json, a Paper plugin one with plugin.yml, a Forge
// mod one with META-INF/mods.toml, a datapack one with pack.mcmeta), built when the fixture starts.

export interface FixtureVersion {
  id: string;
  version_number: string;
  game_versions: string[];
  loaders: string[];
  version_type?: 'release' | 'beta' | 'alpha';
  /** `[project id, dependency type]`, optionally pinned to a version id. */
  dependencies?: { project_id: string; dependency_type: string; version_id?: string }[];
  /** The file name the version's primary file has. */
  filename: string;
  date_published: string;
}

export interface FixtureProject {
  id: string;
  slug: string;
  title: string;
  description: string;
  author: string;
  /** v3 project types: `mod`, `plugin`, `datapack` (v2 answers say `mod` for the last two). */
  type: 'mod' | 'plugin' | 'datapack';
  /** Display categories; the loaders are added as categories like Modrinth's v2 search does. */
  categories: string[];
  server_side: 'required' | 'optional' | 'unsupported';
  downloads: number;
  /** Newest first, as Modrinth lists them. */
  versions: FixtureVersion[];
}

export const FABRIC_MOD = 'FGRS0001';
export const FABRIC_API = 'FAPI0002';
export const PAPER_PLUGIN = 'CHAT0003';
export const FORGE_MOD = 'FORE0004';
export const DATAPACK = 'ISLE0005';
export const CLIENT_ONLY = 'ZOOM0006';

/** The catalogue every fixture starts from (tests may push versions to a project later). */
export function defaultCatalog(): FixtureProject[] {
  return [
    {
      id: FABRIC_MOD,
      slug: 'fastgrass',
      title: 'Fast Grass',
      description: 'Grass that grows faster on servers.',
      author: 'gardener',
      type: 'mod',
      categories: ['optimization'],
      server_side: 'required',
      downloads: 1200,
      versions: [
        {
          id: 'FGv11000',
          version_number: '1.1.0',
          game_versions: ['1.21.1'],
          loaders: ['fabric'],
          filename: 'fastgrass-1.1.0+1.21.1.jar',
          date_published: '2024-08-01T00:00:00Z',
          dependencies: [{ project_id: FABRIC_API, dependency_type: 'required' }],
        },
        {
          id: 'FGv10000',
          version_number: '1.0.0',
          game_versions: ['1.20.4'],
          loaders: ['fabric'],
          filename: 'fastgrass-1.0.0+1.20.4.jar',
          date_published: '2024-01-01T00:00:00Z',
          dependencies: [
            { project_id: FABRIC_API, dependency_type: 'required' },
            { project_id: CLIENT_ONLY, dependency_type: 'optional' },
          ],
        },
      ],
    },
    {
      id: FABRIC_API,
      slug: 'fabric-api',
      title: 'Fabric API',
      description: 'The core library of most Fabric mods.',
      author: 'fabric',
      type: 'mod',
      categories: ['library'],
      server_side: 'required',
      downloads: 90000,
      versions: [
        {
          id: 'FAv09100',
          version_number: '0.91.0+1.20.4',
          game_versions: ['1.20.4'],
          loaders: ['fabric'],
          filename: 'fabric-api-0.91.0+1.20.4.jar',
          date_published: '2023-12-10T00:00:00Z',
        },
      ],
    },
    {
      id: PAPER_PLUGIN,
      slug: 'chatlog',
      title: 'Chat Log',
      description: 'Keeps a log of chat in a file.',
      author: 'scribe',
      type: 'plugin',
      categories: ['utility'],
      server_side: 'required',
      downloads: 300,
      versions: [
        {
          id: 'CLv20000',
          version_number: '2.0.0',
          game_versions: ['1.20.4', '1.21.1'],
          loaders: ['paper', 'spigot'],
          filename: 'ChatLog-2.0.0.jar',
          date_published: '2024-02-01T00:00:00Z',
        },
      ],
    },
    {
      id: FORGE_MOD,
      slug: 'forgeore',
      title: 'Forge Ore',
      description: 'More ores, for Forge.',
      author: 'miner',
      type: 'mod',
      categories: ['worldgen'],
      server_side: 'required',
      downloads: 450,
      versions: [
        {
          id: 'FOv30000',
          version_number: '3.0.0',
          game_versions: ['1.20.1'],
          loaders: ['forge'],
          filename: 'forgeore-3.0.0.jar',
          date_published: '2023-09-01T00:00:00Z',
        },
      ],
    },
    {
      id: DATAPACK,
      slug: 'sky-islands',
      title: 'Sky Islands',
      description: 'Floating islands in the overworld.',
      author: 'builder',
      type: 'datapack',
      categories: ['worldgen'],
      server_side: 'required',
      downloads: 800,
      versions: [
        {
          id: 'SIv10000',
          version_number: '1.0.0',
          game_versions: ['1.20.4', '1.21.1'],
          loaders: ['datapack'],
          filename: 'sky-islands-1.0.0.zip',
          date_published: '2024-03-01T00:00:00Z',
        },
      ],
    },
    {
      id: CLIENT_ONLY,
      slug: 'zoom',
      title: 'Zoom',
      description: 'A zoom key (client only).',
      author: 'optics',
      type: 'mod',
      categories: ['utility'],
      server_side: 'unsupported',
      downloads: 5000,
      versions: [
        {
          id: 'ZOv10000',
          version_number: '1.0.0',
          game_versions: ['1.20.4'],
          loaders: ['fabric'],
          filename: 'zoom-1.0.0.jar',
          date_published: '2024-01-05T00:00:00Z',
        },
      ],
    },
  ];
}

async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(Date.UTC(2024, 0, 1));
  for (const [name, text] of Object.entries(entries))
    zip.addBuffer(Buffer.from(text), name, { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The bytes of a version's file, in its project's real format. */
export function fileFor(project: FixtureProject, version: FixtureVersion): Promise<Buffer> {
  const slug = project.slug.replace(/-/g, '_');
  if (project.type === 'datapack')
    return zipOf({
      'pack.mcmeta': JSON.stringify({ pack: { pack_format: 26, description: project.title } }),
      [`data/${slug}/tags/functions/load.json`]: '{"values":[]}',
    });
  if (project.type === 'plugin')
    return zipOf({
      'plugin.yml': `name: ${project.title.replace(/\s/g, '')}\nversion: ${version.version_number}\nmain: org.example.${slug}.Main\napi-version: '1.20'\n`,
    });
  if (version.loaders.includes('forge'))
    return zipOf({
      'META-INF/mods.toml': `modLoader="javafml"\nloaderVersion="[47,)"\nlicense="MIT"\n[[mods]]\nmodId="${slug}"\nversion="${version.version_number}"\ndisplayName="${project.title}"\n`,
    });
  return zipOf({
    'fabric.mod.json': JSON.stringify({
      schemaVersion: 1,
      id: slug,
      version: version.version_number,
      name: project.title,
      environment: project.server_side === 'unsupported' ? 'client' : '*',
      depends: { fabricloader: '>=0.14.0', minecraft: version.game_versions },
    }),
  });
}
