import { z } from 'zod';
import { MinecraftError } from './errors.ts';
import { fetchJson } from './http.ts';
import type { MinecraftUpstreams } from './upstreams.ts';

// Only the fields we read are declared; upstreams add fields freely and those are ignored.

const MojangManifestSchema = z.object({
  versions: z.array(z.object({ id: z.string(), type: z.string().optional(), url: z.string() })),
});
export type MojangManifest = z.infer<typeof MojangManifestSchema>;

const MojangVersionSchema = z.object({
  id: z.string().optional(),
  javaVersion: z.object({ majorVersion: z.number().int() }).optional(),
  downloads: z
    .object({
      server: z
        .object({ url: z.string(), sha1: z.string().optional(), size: z.number().optional() })
        .optional(),
    })
    .optional(),
});
export type MojangVersion = z.infer<typeof MojangVersionSchema>;

const FabricVersionsSchema = z.object({ game: z.array(z.object({ version: z.string() })) });

const FabricLoaderEntrySchema = z.object({
  loader: z.object({ version: z.string(), stable: z.boolean().optional() }),
  intermediary: z
    .object({ version: z.string().optional(), stable: z.boolean().optional() })
    .optional(),
});
export type FabricLoaderEntry = z.infer<typeof FabricLoaderEntrySchema>;

const FabricInstallerSchema = z.array(
  z.object({ version: z.string(), stable: z.boolean().optional() }),
);
export type FabricInstallerEntry = z.infer<typeof FabricInstallerSchema>[number];

const PaperProjectSchema = z.object({ versions: z.array(z.string()) });

const PaperBuildSchema = z.object({
  build: z.number().int(),
  channel: z.string().optional(),
  downloads: z.object({
    application: z.object({ name: z.string(), sha256: z.string().optional() }),
  }),
});
export type PaperBuild = z.infer<typeof PaperBuildSchema>;
const PaperBuildsSchema = z.object({ builds: z.array(PaperBuildSchema) });

const ForgeMetadataSchema = z.record(z.string(), z.array(z.string()));

async function fetchParsed<T>(url: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  const json = await fetchJson(url, signal);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new MinecraftError(
      'External',
      `Unexpected answer from ${url}`,
      parsed.error.issues[0]?.message ?? '',
    );
  }
  return parsed.data;
}

export function fetchMojangManifest(
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<MojangManifest> {
  return fetchParsed(upstreams.mojangVersionManifest, MojangManifestSchema, signal);
}

/** The per-version JSON of a Minecraft version; `BadRequest` when Mojang does not know the id. */
export async function fetchMojangVersion(
  version: string,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<MojangVersion> {
  const manifest = await fetchMojangManifest(upstreams, signal);
  const entry = manifest.versions.find((v) => v.id === version);
  if (!entry) {
    throw new MinecraftError(
      'BadRequest',
      `Minecraft version ${version} is not in Mojang's version manifest`,
    );
  }
  return fetchParsed(entry.url, MojangVersionSchema, signal);
}

export async function fetchFabricGameVersions(
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<string[]> {
  const data = await fetchParsed(
    `${upstreams.fabricMeta}/v2/versions`,
    FabricVersionsSchema,
    signal,
  );
  return data.game.map((g) => g.version);
}

export function fetchFabricLoaders(
  mcVersion: string,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<FabricLoaderEntry[]> {
  const url = `${upstreams.fabricMeta}/v2/versions/loader/${encodeURIComponent(mcVersion)}`;
  return fetchParsed(url, z.array(FabricLoaderEntrySchema), signal);
}

export function fetchFabricInstallers(
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<FabricInstallerEntry[]> {
  return fetchParsed(
    `${upstreams.fabricMeta}/v2/versions/installer`,
    FabricInstallerSchema,
    signal,
  );
}

export function fabricServerJarUrl(
  upstreams: MinecraftUpstreams,
  mcVersion: string,
  loader: string,
  installer: string,
): string {
  const parts = [mcVersion, loader, installer].map(encodeURIComponent).join('/');
  return `${upstreams.fabricMeta}/v2/versions/loader/${parts}/server/jar`;
}

function paperProjectUrl(upstreams: MinecraftUpstreams): string {
  return `${upstreams.paperApi}/v2/projects/paper`;
}

export async function fetchPaperVersions(
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<string[]> {
  const data = await fetchParsed(paperProjectUrl(upstreams), PaperProjectSchema, signal);
  return data.versions;
}

export async function fetchPaperBuilds(
  mcVersion: string,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<PaperBuild[]> {
  const url = `${paperProjectUrl(upstreams)}/versions/${encodeURIComponent(mcVersion)}/builds`;
  const data = await fetchParsed(url, PaperBuildsSchema, signal);
  return data.builds;
}

export function paperDownloadUrl(
  upstreams: MinecraftUpstreams,
  mcVersion: string,
  build: PaperBuild,
): string {
  return (
    `${paperProjectUrl(upstreams)}/versions/${encodeURIComponent(mcVersion)}/builds/${build.build}` +
    `/downloads/${encodeURIComponent(build.downloads.application.name)}`
  );
}

/** Minecraft version → Forge build ids (`"1.20.1-47.3.0"`), oldest first as upstream lists them. */
export function fetchForgeMetadata(
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<Record<string, string[]>> {
  return fetchParsed(upstreams.forgeMetadata, ForgeMetadataSchema, signal);
}

export function forgeInstallerUrl(upstreams: MinecraftUpstreams, buildId: string): string {
  const id = encodeURIComponent(buildId);
  return `${upstreams.forgeMaven}/net/minecraftforge/forge/${id}/forge-${id}-installer.jar`;
}
