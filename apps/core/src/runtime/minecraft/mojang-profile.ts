import { createHash } from 'node:crypto';
import { outboundJson } from '../../lib/outbound-http.ts';
import type { MinecraftUpstreams } from './upstreams.ts';

/** How long a profile lookup may take before the offline uuid is used instead. */
export const PROFILE_LOOKUP_TIMEOUT_MS = 3000;

/**
 * The uuid an offline-mode server gives a player: a version-3 (MD5) uuid of `OfflinePlayer:<name>`,
 * as 32 lower-case hex digits without dashes (the format of Mojang's profile API).
 */
export function offlineUuid(name: string): string {
  const bytes = createHash('md5').update(`OfflinePlayer:${name}`, 'utf8').digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x30;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return bytes.toString('hex');
}

const cache = new Map<string, string>();

export interface LookupOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The player's uuid from Mojang's profile API (`GET <profileApi>/users/profiles/minecraft/<name>` →
 * `id`), or null when the name is unknown, the API fails or it takes longer than `timeoutMs`.
 * Never rejects; successful answers are cached for the life of the process.
 */
export async function lookupOnlineUuid(
  name: string,
  upstreams: Pick<MinecraftUpstreams, 'mojangProfileApi'>,
  opts: LookupOptions = {},
): Promise<string | null> {
  const key = `${upstreams.mojangProfileApi}\n${name.toLowerCase()}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  try {
    const url = `${upstreams.mojangProfileApi}/users/profiles/minecraft/${encodeURIComponent(name)}`;
    const body = (await outboundJson({
      url,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs ?? PROFILE_LOOKUP_TIMEOUT_MS,
    })) as { id?: unknown } | null;
    if (body === null || typeof body !== 'object') return null;
    if (typeof body.id !== 'string' || !/^[0-9a-fA-F]{32}$/.test(body.id)) return null;
    const id = body.id.toLowerCase();
    cache.set(key, id);
    return id;
  } catch {
    return null;
  }
}

/**
 * The player's uuid from Mojang's profile API, or `offlineUuid(name)` when the lookup finds none
 * (see `lookupOnlineUuid`). Never rejects.
 *
 * The reference puts `null` here when the lookup fails; Hearth uses the offline uuid so offline-mode
 * players still get a stable id (and an avatar) and compare by uuid like everyone else.
 */
export async function lookupUuid(
  name: string,
  upstreams: Pick<MinecraftUpstreams, 'mojangProfileApi'>,
  opts: LookupOptions = {},
): Promise<string> {
  return (await lookupOnlineUuid(name, upstreams, opts)) ?? offlineUuid(name);
}

/** A 32-digit uuid in the dashed form Minecraft's JSON files use (`8-4-4-4-12`). */
export function dashedUuid(hex: string): string {
  const h = hex.replaceAll('-', '').toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
