import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.ts';
import type { Logger } from '../lib/logger.ts';
import { outboundFetch } from '../lib/outbound-http.ts';
import { badRequest, describeError } from '../errors.ts';

/** The default upstream: `<base>/<uuid without dashes>/<size>` answers a PNG head. */
export const DEFAULT_AVATAR_UPSTREAM = 'https://mc-heads.net/avatar';
/** The size asked for (the dashboard shows 16–32 px; 64 stays sharp on a dense screen). */
const AVATAR_SIZE = 64;
/** A bigger answer is not an avatar. */
const MAX_AVATAR_BYTES = 64 * 1024;
/** At most this many avatars are kept on disk (the route is public: any uuid may be asked for). */
const MAX_CACHED = 10_000;
/** An avatar the upstream did not give is not asked for again before this. */
const RETRY_AFTER_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 10_000;
/** Fetches at once; past them a stranger's flood of uuids gets placeholders, not more fetches. */
const MAX_IN_FLIGHT = 8;
/** Failures remembered (then forgotten together: a flood of unknown uuids stays bounded). */
const MAX_FAILURES_KEPT = 10_000;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Avatar {
  type: 'image/png' | 'image/svg+xml';
  body: Buffer;
  /** A fetched avatar may be cached by the browser; a placeholder is not. */
  cacheable: boolean;
}

export interface AvatarServiceDeps {
  dataDir: string;
  /** The upstream base URL, or null: never fetch (every player gets the placeholder). */
  upstream: string | null;
  log: Logger;
}

/** A player uuid as 32 lowercase hex digits (with or without dashes); null otherwise. */
export function avatarKey(uuid: string): string | null {
  const hex = uuid.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? hex : null;
}

/** The placeholder: the name's initial on a colour of the uuid, drawn here. */
export function placeholderAvatar(key: string, name: string | undefined): Buffer {
  const initial = /^[A-Za-z0-9]/.exec(name ?? '')?.[0]?.toUpperCase() ?? '?';
  const hue = createHash('sha256').update(key).digest()[0]! * (360 / 256);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 64 64">` +
      `<rect width="64" height="64" fill="hsl(${hue.toFixed(0)} 45% 40%)"/>` +
      `<text x="32" y="44" font-family="sans-serif" font-size="36" text-anchor="middle" fill="#fff">${initial}</text>` +
      `</svg>`,
  );
}

/**
 * Player avatars for the dashboard (issue 23 #24): fetched once from the configured upstream with
 * the outbound helper, kept in `<data dir>/avatars/<uuid>.png`, and served by the core, so the
 * browser never asks a third party. Without an upstream, or when it fails, the placeholder.
 */
export class AvatarService {
  private readonly dir: string;
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();
  private readonly failedAt = new Map<string, number>();

  constructor(private readonly deps: AvatarServiceDeps) {
    this.dir = path.join(deps.dataDir, 'avatars');
  }

  async get(uuid: string, name?: string): Promise<Avatar> {
    const key = avatarKey(uuid);
    if (key === null) throw badRequest('A player uuid is 32 hexadecimal digits');
    const png = (await this.cached(key)) ?? (await this.fetchOnce(key));
    if (png !== null) return { type: 'image/png', body: png, cacheable: true };
    return { type: 'image/svg+xml', body: placeholderAvatar(key, name), cacheable: false };
  }

  private async cached(key: string): Promise<Buffer | null> {
    try {
      // The avatars folder is the core's own (nothing but this service writes there).
      return await fs.readFile(path.join(this.dir, `${key}.png`));
    } catch {
      return null;
    }
  }

  private fetchOnce(key: string): Promise<Buffer | null> {
    const { upstream } = this.deps;
    if (upstream === null) return Promise.resolve(null);
    const failed = this.failedAt.get(key);
    if (failed !== undefined && Date.now() - failed < RETRY_AFTER_MS) return Promise.resolve(null);
    let pending = this.inFlight.get(key);
    if (!pending) {
      if (this.inFlight.size >= MAX_IN_FLIGHT) return Promise.resolve(null);
      pending = this.fetchAndStore(upstream, key).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async fetchAndStore(upstream: string, key: string): Promise<Buffer | null> {
    const url = `${upstream.replace(/\/+$/, '')}/${key}/${AVATAR_SIZE}`;
    try {
      const res = await outboundFetch({ url, timeoutMs: FETCH_TIMEOUT_MS });
      const png = await readPng(res, url);
      this.failedAt.delete(key);
      await this.store(key, png);
      return png;
    } catch (err) {
      if (this.failedAt.size >= MAX_FAILURES_KEPT) this.failedAt.clear();
      this.failedAt.set(key, Date.now());
      this.deps.log.debug(`avatar ${key}: ${describeError(err)}`);
      return null;
    }
  }

  private async store(key: string, png: Buffer): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
      if ((await fs.readdir(this.dir)).length >= MAX_CACHED) return;
      await writeFileAtomic(this.dir, `${key}.png`, png);
    } catch (err) {
      this.deps.log.warn(`avatar ${key} was not cached: ${describeError(err)}`);
    }
  }
}

async function readPng(res: Response, url: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (res.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_AVATAR_BYTES) {
      await res.body?.cancel().catch(() => undefined);
      throw new Error(`${url} is larger than ${MAX_AVATAR_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  if (!body.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) throw new Error(`${url} is not a PNG`);
  return body;
}
