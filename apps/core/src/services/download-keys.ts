import { DOWNLOAD_KEY_LENGTH } from '@hearth/protocol';
import { randomAlphanumeric } from '../auth/random.ts';

/**
 * What a download key grants, to the user who asked for it: one path of one instance's folder, or
 * one backup archive of an instance. The download re-checks that the user still exists and may
 * still read that instance's files.
 */
export type DownloadGrant =
  | {
      kind: 'file';
      uid: string;
      instance: string;
      /** Client path relative to the instance root (`.` = the root). */
      path: string;
    }
  | { kind: 'backup'; uid: string; instance: string; backupId: string };

export interface DownloadKeyOptions {
  /** Lifetime of a key (default 1 hour). */
  ttlMs?: number;
  /** Most keys kept at once; the oldest are dropped beyond it (default 10,000). */
  maxKeys?: number;
  /** Clock (tests move it forward instead of sleeping). */
  now?: () => number;
  /** How often expired keys are swept (default 1 minute). */
  sweepIntervalMs?: number;
}

export const DOWNLOAD_KEY_TTL_MS = 60 * 60 * 1000;
const DEFAULT_MAX_KEYS = 10_000;

interface Stored {
  grant: DownloadGrant;
  expiresAt: number;
}

/**
 * Download keys of core-api.md §1.4.16, in memory. Unlike the reference (keys that live until
 * shutdown, usable by anyone), a key expires after `ttlMs` and is bound to its user; the map is
 * bounded and swept, so a client asking for keys in a loop cannot grow the core without limit.
 */
export class DownloadKeyStore {
  readonly #keys = new Map<string, Stored>();
  readonly #ttlMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;
  readonly #timer: NodeJS.Timeout;

  constructor(options: DownloadKeyOptions = {}) {
    this.#ttlMs = options.ttlMs ?? DOWNLOAD_KEY_TTL_MS;
    this.#maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.#now = options.now ?? Date.now;
    this.#timer = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    this.#timer.unref();
  }

  /** A fresh key (32 alphanumerics) for `grant`. */
  create(grant: DownloadGrant): string {
    let key = randomAlphanumeric(DOWNLOAD_KEY_LENGTH);
    while (this.#keys.has(key)) key = randomAlphanumeric(DOWNLOAD_KEY_LENGTH);
    this.#keys.set(key, { grant: { ...grant }, expiresAt: this.#now() + this.#ttlMs });
    while (this.#keys.size > this.#maxKeys) {
      const oldest = this.#keys.keys().next().value;
      if (oldest === undefined) break;
      this.#keys.delete(oldest);
    }
    return key;
  }

  /** The grant of a live key, or null when the key is unknown or expired. */
  get(key: string): DownloadGrant | null {
    const stored = this.#keys.get(key);
    if (stored === undefined) return null;
    if (stored.expiresAt <= this.#now()) {
      this.#keys.delete(key);
      return null;
    }
    return { ...stored.grant };
  }

  /** Drops expired keys (insertion order = expiry order, since the lifetime is fixed). */
  sweep(): void {
    const now = this.#now();
    for (const [key, stored] of this.#keys) {
      if (stored.expiresAt > now) break;
      this.#keys.delete(key);
    }
  }

  get size(): number {
    return this.#keys.size;
  }

  close(): void {
    clearInterval(this.#timer);
    this.#keys.clear();
  }
}
