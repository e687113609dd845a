import type { Flavour } from './flavours.ts';
import {
  fetchFabricGameVersions,
  fetchForgeMetadata,
  fetchMojangManifest,
  fetchPaperVersions,
} from './upstream-api.ts';
import type { MinecraftUpstreams } from './upstreams.ts';

/**
 * The Minecraft versions a flavour can install, newest first, fetched live (core-api.md §3.3.2):
 * Vanilla and Fabric in upstream order (snapshots included), Paper's list and Forge's keys reversed.
 */
export async function listVersions(
  flavour: Flavour,
  upstreams: MinecraftUpstreams,
  signal?: AbortSignal,
): Promise<string[]> {
  switch (flavour) {
    case 'vanilla': {
      const manifest = await fetchMojangManifest(upstreams, signal);
      return manifest.versions.map((v) => v.id);
    }
    case 'fabric':
      return fetchFabricGameVersions(upstreams, signal);
    case 'paper':
      return (await fetchPaperVersions(upstreams, signal)).slice().reverse();
    case 'forge':
      return Object.keys(await fetchForgeMetadata(upstreams, signal)).reverse();
  }
}

/**
 * Compares dotted versions part by part, numerically where both parts are numbers
 * (`0.15.11` > `0.15.9`); other parts compare as text, and a missing part sorts first.
 */
export function compareDotted(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) {
      if (nx !== ny) return nx - ny;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}
