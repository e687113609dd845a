import type { FlavourConfig } from './config.ts';
import { isNotFound, MinecraftError } from './errors.ts';
import type { Flavour } from './flavours.ts';
import { fetchOptionalText, type ExpectedChecksum } from './http.ts';
import {
  fabricServerJarUrl,
  fetchFabricInstallers,
  fetchFabricLoaders,
  fetchForgeMetadata,
  fetchMojangVersion,
  fetchPaperBuilds,
  forgeInstallerUrl,
  paperDownloadUrl,
  type FabricLoaderEntry,
} from './upstream-api.ts';
import type { MinecraftUpstreams } from './upstreams.ts';
import { compareDotted } from './versions.ts';

/** What to download for an instance and the pins to persist (core-api.md §3.3.3). */
export interface ServerArtifact {
  flavour: FlavourConfig;
  url: string;
  /** `server.jar`, or `forge-installer.jar` for Forge. */
  fileName: string;
  checksum?: ExpectedChecksum;
  expectedSize?: number;
}

/**
 * Resolves the download for `flavour`/`version`, honouring `pin` (Fabric loader version, Paper build
 * number, Forge build `47.3.0` or `1.20.1-47.3.0`). Unknown versions and pins are `BadRequest`.
 */
export async function resolveServerArtifact(
  flavour: Flavour,
  version: string,
  pin: string | null,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<ServerArtifact> {
  switch (flavour) {
    case 'vanilla':
      return resolveVanilla(version, upstreams, signal);
    case 'fabric':
      return resolveFabric(version, pin, upstreams, signal);
    case 'paper':
      return resolvePaper(version, pin, upstreams, signal);
    case 'forge':
      return resolveForge(version, pin, upstreams, signal);
  }
}

async function resolveVanilla(
  version: string,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<ServerArtifact> {
  const json = await fetchMojangVersion(version, upstreams, signal);
  const server = json.downloads?.server;
  if (!server)
    throw new MinecraftError('BadRequest', `Minecraft ${version} has no server download`);
  return {
    flavour: 'vanilla',
    url: server.url,
    fileName: 'server.jar',
    ...(server.sha1 ? { checksum: { algorithm: 'sha1' as const, hex: server.sha1 } } : {}),
    ...(server.size !== undefined ? { expectedSize: server.size } : {}),
  };
}

function newestLoader(
  entries: FabricLoaderEntry[],
  accept: (e: FabricLoaderEntry) => boolean,
): string | null {
  const versions = entries.filter(accept).map((e) => e.loader.version);
  versions.sort((a, b) => compareDotted(b, a));
  return versions[0] ?? null;
}

async function resolveFabric(
  version: string,
  pin: string | null,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<ServerArtifact> {
  const loaders = await fetchFabricLoaders(version, upstreams, signal).catch((err: unknown) => {
    if (isNotFound(err)) return [];
    throw err;
  });
  if (loaders.length === 0)
    throw new MinecraftError('BadRequest', `Fabric does not support Minecraft ${version}`);
  let loader: string | null;
  if (pin !== null) {
    loader = loaders.some((e) => e.loader.version === pin) ? pin : null;
    if (loader === null) {
      throw new MinecraftError(
        'BadRequest',
        `Fabric loader ${pin} is not available for Minecraft ${version}`,
      );
    }
  } else {
    // Both stable as the reference asks; snapshots never have a stable intermediary, so fall back
    // to the newest stable loader rather than refusing every snapshot.
    loader =
      newestLoader(loaders, (e) => e.loader.stable === true && e.intermediary?.stable === true) ??
      newestLoader(loaders, (e) => e.loader.stable === true);
    if (loader === null) {
      throw new MinecraftError(
        'BadRequest',
        `No stable Fabric loader for Minecraft ${version}; pin a loader version`,
      );
    }
  }
  const installers = await fetchFabricInstallers(upstreams, signal);
  const stable = installers.filter((i) => i.stable === true).map((i) => i.version);
  stable.sort((a, b) => compareDotted(b, a));
  const installer = stable[0] ?? installers[0]?.version;
  if (installer === undefined)
    throw new MinecraftError('External', 'Fabric meta lists no installer');
  return {
    flavour: { fabric: { loader_version: loader, installer_version: installer } },
    url: fabricServerJarUrl(upstreams, version, loader, installer),
    fileName: 'server.jar',
  };
}

async function resolvePaper(
  version: string,
  pin: string | null,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<ServerArtifact> {
  const builds = await fetchPaperBuilds(version, upstreams, signal).catch((err: unknown) => {
    if (isNotFound(err))
      throw new MinecraftError('BadRequest', `Paper does not support Minecraft ${version}`);
    throw err;
  });
  let build;
  if (pin !== null) {
    if (!/^\d+$/.test(pin))
      throw new MinecraftError('BadRequest', `Paper build "${pin}" is not a build number`);
    build = builds.find((b) => b.build === Number(pin));
    if (!build)
      throw new MinecraftError(
        'BadRequest',
        `Paper build ${pin} does not exist for Minecraft ${version}`,
      );
  } else {
    build = builds
      .filter((b) => b.channel === undefined || b.channel === 'default')
      .reduce<(typeof builds)[number] | undefined>(
        (best, b) => (best && best.build > b.build ? best : b),
        undefined,
      );
    if (!build) {
      throw new MinecraftError(
        'BadRequest',
        `Paper has no stable build for Minecraft ${version}`,
        'pin an experimental build in Paper Build',
      );
    }
  }
  const sha256 = build.downloads.application.sha256;
  return {
    flavour: { paper: { build_version: build.build } },
    url: paperDownloadUrl(upstreams, version, build),
    fileName: 'server.jar',
    ...(sha256 ? { checksum: { algorithm: 'sha256' as const, hex: sha256 } } : {}),
  };
}

async function resolveForge(
  version: string,
  pin: string | null,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<ServerArtifact> {
  const metadata = await fetchForgeMetadata(upstreams, signal);
  const builds = Object.hasOwn(metadata, version) ? metadata[version] : undefined;
  if (!builds || builds.length === 0)
    throw new MinecraftError('BadRequest', `Forge does not support Minecraft ${version}`);
  let build: string | undefined;
  if (pin !== null) {
    build = builds.find((id) => id === pin || id === `${version}-${pin}`);
    if (!build)
      throw new MinecraftError(
        'BadRequest',
        `Forge build ${pin} does not exist for Minecraft ${version}`,
      );
  } else {
    build = builds[builds.length - 1]!;
  }
  const url = forgeInstallerUrl(upstreams, build);
  // Forge's maven publishes a .sha1 beside each file; verify with it when it is there.
  const sha1 = (await fetchOptionalText(`${url}.sha1`, signal))?.trim().slice(0, 40);
  return {
    flavour: { forge: { build_version: build } },
    url,
    fileName: 'forge-installer.jar',
    ...(sha1 && /^[0-9a-fA-F]{40}$/.test(sha1)
      ? { checksum: { algorithm: 'sha1' as const, hex: sha1 } }
      : {}),
  };
}
