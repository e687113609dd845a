/**
 * Every upstream the Minecraft installer talks to (core-api.md §3.3.2–§3.3.4, §3.6).
 * Each one is configurable so tests (and air-gapped mirrors) can point the same code elsewhere.
 */
export interface MinecraftUpstreams {
  /** Full URL of Mojang's version manifest (`versions[].id`, `versions[].url`). */
  mojangVersionManifest: string;
  /** Base URL of Fabric meta; `/v2/versions…` is appended. */
  fabricMeta: string;
  /** Base URL of the PaperMC API; `/v2/projects/paper…` is appended. */
  paperApi: string;
  /** Full URL of Forge's `maven-metadata.json` (Minecraft version → build ids). */
  forgeMetadata: string;
  /** Base URL of Forge's maven; `/net/minecraftforge/forge/<id>/forge-<id>-installer.jar` is appended. */
  forgeMaven: string;
  /** Base URL of the Adoptium API; `/v3/binary/latest/…` is appended. */
  adoptiumApi: string;
  /** Base URL of Mojang's profile API; `/users/profiles/minecraft/<name>` is appended. */
  mojangProfileApi: string;
}

export const DEFAULT_UPSTREAMS: Readonly<MinecraftUpstreams> = Object.freeze({
  mojangVersionManifest: 'https://launchermeta.mojang.com/mc/game/version_manifest.json',
  fabricMeta: 'https://meta.fabricmc.net',
  paperApi: 'https://api.papermc.io',
  forgeMetadata: 'https://files.minecraftforge.net/net/minecraftforge/forge/maven-metadata.json',
  forgeMaven: 'https://maven.minecraftforge.net',
  adoptiumApi: 'https://api.adoptium.net',
  mojangProfileApi: 'https://api.mojang.com',
});

/** Environment variable that overrides each upstream (read by `upstreamsFromEnv`). */
export const UPSTREAM_ENV_VARS: Readonly<Record<keyof MinecraftUpstreams, string>> = Object.freeze({
  mojangVersionManifest: 'HEARTH_MOJANG_VERSION_MANIFEST_URL',
  fabricMeta: 'HEARTH_FABRIC_META_URL',
  paperApi: 'HEARTH_PAPER_API_URL',
  forgeMetadata: 'HEARTH_FORGE_METADATA_URL',
  forgeMaven: 'HEARTH_FORGE_MAVEN_URL',
  adoptiumApi: 'HEARTH_ADOPTIUM_API_URL',
  mojangProfileApi: 'HEARTH_MOJANG_PROFILE_API_URL',
});

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The defaults with some entries replaced; base URLs lose any trailing slash. */
export function resolveUpstreams(overrides: Partial<MinecraftUpstreams> = {}): MinecraftUpstreams {
  const merged: MinecraftUpstreams = { ...DEFAULT_UPSTREAMS };
  for (const key of Object.keys(DEFAULT_UPSTREAMS) as (keyof MinecraftUpstreams)[]) {
    const value = overrides[key];
    if (value !== undefined && value !== '') merged[key] = trimSlash(value);
  }
  return merged;
}

/** The defaults, overridden by any `HEARTH_*_URL` variable of `UPSTREAM_ENV_VARS` that is set. */
export function upstreamsFromEnv(env: NodeJS.ProcessEnv = process.env): MinecraftUpstreams {
  const overrides: Partial<MinecraftUpstreams> = {};
  for (const [key, name] of Object.entries(UPSTREAM_ENV_VARS) as [
    keyof MinecraftUpstreams,
    string,
  ][]) {
    const value = env[name];
    if (value !== undefined && value !== '') overrides[key] = value;
  }
  return resolveUpstreams(overrides);
}
