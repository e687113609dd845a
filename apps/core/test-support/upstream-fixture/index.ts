import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { create as tarCreate } from 'tar';
import type { MinecraftUpstreams } from '../../src/runtime/minecraft/upstreams.ts';
import { forgeInstallerJar } from './compile.ts';
import { defaultFixtureData, type FixtureData } from './data.ts';

export { compileFixtureClasses, forgeInstallerJar, tinyServerJar } from './compile.ts';
export { defaultFixtureData, type FixtureData } from './data.ts';
export { fakeJava } from './fake-java.ts';

/** Switches for the bad-input tests; change them at any time, they apply to the next request. */
export interface FixtureFaults {
  /** Serve server jars with one byte flipped (checksums still describe the good jar). */
  corruptJars: boolean;
  /** Answer 404 to every request whose path starts with one of these. */
  notFound: string[];
  /** Never answer profile lookups (the connection stays open until `close`). */
  hangProfiles: boolean;
  /** Serve Forge installers that print an error and exit 1. */
  forgeInstallerFails: boolean;
}

/** What the fixture answers for every player avatar: a 1×1 PNG. */
export const FIXTURE_AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface UpstreamFixture {
  upstreams: MinecraftUpstreams;
  /** The player avatar upstream (`--avatar-url`): `<avatarUrl>/<uuid>/<size>` is a PNG. */
  avatarUrl: string;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** Path (with query) of every request, in order. */
  requests: string[];
  faults: FixtureFaults;
  data: FixtureData;
  close(): Promise<void>;
}

export interface UpstreamFixtureOptions {
  /** The bytes served as every server jar (Mojang, Paper, Fabric, and inside Forge installers), or a path. */
  serverJar: Buffer | string;
  /** Replaces parts of `defaultFixtureData()`. */
  data?: Partial<FixtureData>;
}

const sha1 = (data: Buffer): string => createHash('sha1').update(data).digest('hex');
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

function corrupt(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  copy[copy.length >> 1] = (copy[copy.length >> 1] ?? 0) ^ 0xff;
  return copy;
}

/**
 * A local HTTP server (127.0.0.1, ephemeral port) that speaks the parts of Mojang's launcher meta,
 * Fabric meta, the PaperMC v2 API, Forge's maven, Adoptium's binary API and Mojang's profile API that
 * the Minecraft installer uses, serving `FixtureData` and the given server jar.
 */
export async function startUpstreamFixture(opts: UpstreamFixtureOptions): Promise<UpstreamFixture> {
  const serverJar =
    typeof opts.serverJar === 'string' ? await readFile(opts.serverJar) : opts.serverJar;
  const data: FixtureData = { ...defaultFixtureData(), ...opts.data };
  const faults: FixtureFaults = {
    corruptJars: false,
    notFound: [],
    hangProfiles: false,
    forgeInstallerFails: false,
  };
  const requests: string[] = [];
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-upstream-fixture-'));
  const jreArchives = new Map<string, Promise<Buffer>>();
  const forgeJars = new Map<string, Promise<Buffer>>();
  const jarSha1 = sha1(serverJar);
  let base = '';

  const jarBody = (): Buffer => (faults.corruptJars ? corrupt(serverJar) : serverJar);

  const forgeJar = (id: string): Promise<Buffer> => {
    const key = `${id}:${faults.forgeInstallerFails}`;
    let jar = forgeJars.get(key);
    if (!jar) {
      jar = forgeInstallerJar(id, serverJar, faults.forgeInstallerFails);
      forgeJars.set(key, jar);
    }
    return jar;
  };

  /** A Temurin-shaped tar.gz: one top folder `jdk-<major>-jre` whose bin/java runs the system java. */
  const jreArchive = (major: string): Promise<Buffer> => {
    let archive = jreArchives.get(major);
    if (!archive) {
      archive = (async () => {
        const root = path.join(workDir, `jre-${major}`);
        const top = `jdk-${major}-jre`;
        await mkdir(path.join(root, top, 'bin'), { recursive: true });
        const java = path.join(root, top, 'bin', 'java');
        await writeFile(
          java,
          '#!/bin/sh\n# Hearth test JRE: hands over to the java on the PATH.\nexec java "$@"\n',
        );
        await chmod(java, 0o755);
        await writeFile(path.join(root, top, 'release'), `JAVA_VERSION="${major}.0.0"\n`);
        const file = path.join(workDir, `jre-${major}.tar.gz`);
        await tarCreate({ gzip: true, cwd: root, file, portable: true }, [top]);
        return readFile(file);
      })();
      jreArchives.set(major, archive);
    }
    return archive;
  };

  const mojangVersionJson = (v: FixtureData['mojang'][number]): unknown => ({
    id: v.id,
    type: v.type,
    ...(v.javaMajor !== undefined
      ? { javaVersion: { component: 'java-runtime', majorVersion: v.javaMajor } }
      : {}),
    downloads:
      v.hasServer === false
        ? {
            client: {
              sha1: jarSha1,
              size: serverJar.length,
              url: `${base}/mojang/v1/objects/${jarSha1}/client.jar`,
            },
          }
        : {
            server: {
              sha1: jarSha1,
              size: serverJar.length,
              url: `${base}/mojang/v1/objects/${jarSha1}/server.jar`,
            },
          },
  });

  const paperBuilds = (mc: string) =>
    (data.paperBuilds[mc] ?? []).map((b) => ({
      build: b.build,
      time: '2024-01-01T00:00:00.000Z',
      channel: b.channel,
      promoted: false,
      changes: [],
      downloads: { application: { name: `paper-${mc}-${b.build}.jar`, sha256: sha256(serverJar) } },
    }));

  type Answer =
    { status: number; body?: unknown; bytes?: Buffer; headers?: Record<string, string> } | 'hang';

  const route = async (p: string): Promise<Answer> => {
    const notFound: Answer = { status: 404, body: { error: 'Not found' } };
    let m: RegExpExecArray | null;
    // Mojang launcher meta
    if (p === '/mojang/mc/game/version_manifest.json') {
      const release = data.mojang.find((v) => v.type === 'release')?.id;
      const snapshot = data.mojang.find((v) => v.type === 'snapshot')?.id;
      return {
        status: 200,
        body: {
          latest: { release, snapshot },
          versions: data.mojang.map((v) => ({
            id: v.id,
            type: v.type,
            url: `${base}/mojang/v1/packages/${sha1(Buffer.from(v.id))}/${v.id}.json`,
            time: '2024-01-01T00:00:00+00:00',
            releaseTime: '2024-01-01T00:00:00+00:00',
          })),
        },
      };
    }
    if ((m = /^\/mojang\/v1\/packages\/[0-9a-f]+\/(.+)\.json$/.exec(p))) {
      const v = data.mojang.find((x) => x.id === decodeURIComponent(m![1]!));
      return v ? { status: 200, body: mojangVersionJson(v) } : notFound;
    }
    if (/^\/mojang\/v1\/objects\/[0-9a-f]+\/server\.jar$/.test(p))
      return { status: 200, bytes: jarBody() };
    // Fabric meta
    if (p === '/fabric/v2/versions') {
      return {
        status: 200,
        body: {
          game: data.fabricGame,
          intermediary: data.fabricGame.map((g) => ({
            maven: `net.fabricmc:intermediary:${g.version}`,
            ...g,
          })),
          loader: data.fabricLoaders.map((l) => ({
            separator: '.',
            build: 0,
            maven: `net.fabricmc:fabric-loader:${l.version}`,
            ...l,
          })),
          installer: data.fabricInstallers,
        },
      };
    }
    if (p === '/fabric/v2/versions/installer') {
      return {
        status: 200,
        body: data.fabricInstallers.map((i) => ({
          url: `${base}/fabric-maven/installer-${i.version}.jar`,
          maven: `net.fabricmc:fabric-installer:${i.version}`,
          ...i,
        })),
      };
    }
    if ((m = /^\/fabric\/v2\/versions\/loader\/([^/]+)$/.exec(p))) {
      const game = data.fabricGame.find((g) => g.version === decodeURIComponent(m![1]!));
      if (!game) return { status: 200, body: [] };
      return {
        status: 200,
        body: data.fabricLoaders.map((l) => ({
          loader: {
            separator: '.',
            build: 0,
            maven: `net.fabricmc:fabric-loader:${l.version}`,
            ...l,
          },
          intermediary: {
            maven: `net.fabricmc:intermediary:${game.version}`,
            version: game.version,
            stable: game.stable,
          },
          launcherMeta: { version: 2 },
        })),
      };
    }
    if ((m = /^\/fabric\/v2\/versions\/loader\/([^/]+)\/([^/]+)\/([^/]+)\/server\/jar$/.exec(p))) {
      const [mc, loader, installer] = [m[1]!, m[2]!, m[3]!].map(decodeURIComponent);
      const ok =
        data.fabricGame.some((g) => g.version === mc) &&
        data.fabricLoaders.some((l) => l.version === loader) &&
        data.fabricInstallers.some((i) => i.version === installer);
      return ok
        ? {
            status: 200,
            bytes: jarBody(),
            headers: {
              'content-disposition': `attachment; filename="fabric-server-mc.${mc}-loader.${loader}-launcher.${installer}.jar"`,
            },
          }
        : { status: 400, body: { error: 'unknown version' } };
    }
    // PaperMC v2
    if (p === '/paper/v2/projects/paper') {
      return {
        status: 200,
        body: {
          project_id: 'paper',
          project_name: 'Paper',
          version_groups: [],
          versions: data.paperVersions,
        },
      };
    }
    if ((m = /^\/paper\/v2\/projects\/paper\/versions\/([^/]+)\/builds\/?$/.exec(p))) {
      const mc = decodeURIComponent(m[1]!);
      if (!data.paperVersions.includes(mc))
        return { status: 404, body: { error: 'Version not found.' } };
      return {
        status: 200,
        body: { project_id: 'paper', project_name: 'Paper', version: mc, builds: paperBuilds(mc) },
      };
    }
    if (
      (m =
        /^\/paper\/v2\/projects\/paper\/versions\/([^/]+)\/builds\/(\d+)\/downloads\/([^/]+)$/.exec(
          p,
        ))
    ) {
      const mc = decodeURIComponent(m[1]!);
      const build = paperBuilds(mc).find((b) => b.build === Number(m![2]));
      return build && build.downloads.application.name === decodeURIComponent(m[3]!)
        ? { status: 200, bytes: jarBody() }
        : notFound;
    }
    // Forge
    if (p === '/forge/maven-metadata.json') return { status: 200, body: data.forge };
    if (
      (m =
        /^\/forge-maven\/net\/minecraftforge\/forge\/([^/]+)\/forge-([^/]+)-installer\.jar(\.sha1)?$/.exec(
          p,
        ))
    ) {
      const id = decodeURIComponent(m[1]!);
      if (
        id !== decodeURIComponent(m[2]!) ||
        !Object.values(data.forge).some((ids) => ids.includes(id))
      )
        return notFound;
      const jar = await forgeJar(id);
      return m[3] ? { status: 200, bytes: Buffer.from(sha1(jar)) } : { status: 200, bytes: jar };
    }
    // Adoptium
    if (
      (m =
        /^\/adoptium\/v3\/binary\/latest\/(\d+)\/ga\/([^/]+)\/([^/]+)\/jre\/hotspot\/normal\/eclipse$/.exec(
          p,
        ))
    ) {
      const [major, osName, arch] = [m[1]!, m[2]!, m[3]!];
      return {
        status: 307,
        headers: {
          location: `${base}/adoptium-files/OpenJDK${major}U-jre_${arch}_${osName}_hotspot.tar.gz`,
        },
      };
    }
    if ((m = /^\/adoptium-files\/OpenJDK(\d+)U-jre_[^/]+\.tar\.gz$/.exec(p))) {
      return {
        status: 200,
        bytes: await jreArchive(m[1]!),
        headers: { 'content-type': 'application/x-gzip' },
      };
    }
    // Mojang profiles
    if ((m = /^\/mojang-api\/users\/profiles\/minecraft\/([^/]+)$/.exec(p))) {
      if (faults.hangProfiles) return 'hang';
      const name = decodeURIComponent(m[1]!);
      const entry = Object.entries(data.profiles).find(
        ([n]) => n.toLowerCase() === name.toLowerCase(),
      );
      return entry
        ? { status: 200, body: { id: entry[1], name: entry[0] } }
        : {
            status: 404,
            body: { path: p, errorMessage: `Couldn't find any profile with name ${name}` },
          };
    }
    // Player avatars (mc-heads.net's `/avatar/<uuid>/<size>`)
    if (/^\/avatars\/[0-9a-f]{32}\/\d+$/.test(p))
      return { status: 200, bytes: FIXTURE_AVATAR_PNG, headers: { 'content-type': 'image/png' } };
    return notFound;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    requests.push(url.pathname + url.search);
    const answer: Answer = faults.notFound.some((prefix) => url.pathname.startsWith(prefix))
      ? { status: 404, body: { error: 'Not found' } }
      : req.method === 'GET'
        ? await route(url.pathname)
        : { status: 405, body: { error: 'Method not allowed' } };
    if (answer === 'hang') return;
    const bytes =
      answer.bytes ??
      (answer.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(answer.body)));
    res.writeHead(answer.status, {
      'content-length': String(bytes.length),
      'content-type': answer.bytes ? 'application/java-archive' : 'application/json',
      ...answer.headers,
    });
    res.end(bytes);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: base,
    avatarUrl: `${base}/avatars`,
    upstreams: {
      mojangVersionManifest: `${base}/mojang/mc/game/version_manifest.json`,
      fabricMeta: `${base}/fabric`,
      paperApi: `${base}/paper`,
      forgeMetadata: `${base}/forge/maven-metadata.json`,
      forgeMaven: `${base}/forge-maven`,
      adoptiumApi: `${base}/adoptium`,
      mojangProfileApi: `${base}/mojang-api`,
    },
    requests,
    faults,
    data,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
