import { isIPv4, isIPv6 } from 'node:net';
import { LOGIN_ATTEMPTS_PER_IP, LOGIN_ATTEMPTS_PER_USERNAME } from '@hearth/protocol';
import { CoreError } from '../errors.ts';

/** First wait once a pair has used its free attempts; it doubles with every further failure. */
export const LOGIN_BACKOFF_BASE_MS = 1000;
/** The longest wait: a guesser gets at most ~4 tries an hour per (address, username). */
export const LOGIN_BACKOFF_MAX_MS = 15 * 60_000;
/** A pair (or address) without a failure for this long starts afresh. */
export const LOGIN_FORGET_MS = 24 * 60 * 60_000;
/** Failures of one address across usernames are counted over this window. */
export const LOGIN_ADDRESS_WINDOW_MS = 15 * 60_000;

export interface LoginLimits {
  /** Failures a pair may make before it backs off (default LOGIN_ATTEMPTS_PER_USERNAME). */
  freeAttempts?: number;
  /** Failures from one address (all usernames) past which its pairs get only one free attempt. */
  busyAddress?: number;
  /** Entries kept at most (pairs + addresses); the oldest are dropped past it. */
  maxEntries?: number;
}

interface Pair {
  failures: number;
  /** No attempt before this time (ms). */
  retryAt: number;
  lastFailure: number;
}

interface Address {
  failures: number;
  windowStart: number;
}

/**
 * `1.2.3.4` as is, `::ffff:1.2.3.4` as `1.2.3.4`, and an IPv6 address as its /64: one host
 * usually holds a whole /64, so keying on single IPv6 addresses would let it rotate past any limit.
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const [head = '', tail] = bare.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // A dotted IPv4 tail counts as two groups; only the first four groups matter here.
  const rightCount = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - rightCount)).fill('0')];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Login throttling that slows guessers without locking anyone out. Failures are counted per
 * (address, username) pair: once it has used its free attempts, the pair must wait 1 s, 2 s,
 * 4 s… (at most 15 min) before each next attempt, and an attempt during the wait is refused with
 * 429 and the time left. A success clears the pair.
 *
 * So a right password is refused only while its own pair is waiting — only failures of that
 * username from that address put it there. Failures from other addresses never touch it (the owner
 * is not locked out by an attacker elsewhere), nor do failures on other usernames from the same
 * address (a NAT or proxy shares one address): an address with many failures only gets fewer free
 * attempts per pair (one), so it slows wrong attempts and never blocks a first one.
 */
export class LoginRateLimiter {
  private readonly pairs = new Map<string, Pair>();
  private readonly addresses = new Map<string, Address>();
  /** Pairs with an attempt being verified: parallel guesses must not all slip past one check. */
  private readonly inFlight = new Set<string>();
  private readonly freeAttempts: number;
  private readonly busyAddress: number;
  private readonly maxEntries: number;

  constructor(
    limits: LoginLimits = {},
    private readonly now: () => number = Date.now,
  ) {
    this.freeAttempts = limits.freeAttempts ?? LOGIN_ATTEMPTS_PER_USERNAME;
    this.busyAddress = limits.busyAddress ?? LOGIN_ATTEMPTS_PER_IP;
    this.maxEntries = limits.maxEntries ?? 100_000;
  }

  /** Entries held (pairs + addresses), for the memory bound (in-flight claims are transient). */
  get size(): number {
    return this.pairs.size + this.addresses.size;
  }

  /**
   * Throws 429 while the pair must wait or has another attempt being verified; otherwise claims
   * the pair until `release` (call it in a `finally`, after recording the outcome).
   */
  check(ip: string, username: string): void {
    const key = pairKey(ip, username);
    const pair = this.pairs.get(key);
    const t = this.now();
    const waitMs = this.inFlight.has(key) ? 1000 : (pair?.retryAt ?? 0) - t;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new CoreError(
        'BadRequest',
        [
          `Too many login attempts, try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`,
        ],
        429,
      );
    }
    this.inFlight.add(key);
  }

  release(ip: string, username: string): void {
    this.inFlight.delete(pairKey(ip, username));
  }

  recordFailure(ip: string, username: string): void {
    const t = this.now();
    const address = this.bumpAddress(addressKey(ip), t);
    const key = pairKey(ip, username);
    const previous = this.pairs.get(key);
    const pair =
      previous === undefined || t - previous.lastFailure > LOGIN_FORGET_MS
        ? { failures: 0, retryAt: 0, lastFailure: t }
        : previous;
    pair.failures += 1;
    pair.lastFailure = t;
    const free = address.failures > this.busyAddress ? 1 : this.freeAttempts;
    if (pair.failures >= free) {
      // 2 ** 30 s is far past the cap; clamping the exponent keeps the number finite.
      const wait = LOGIN_BACKOFF_BASE_MS * 2 ** Math.min(pair.failures - free, 30);
      pair.retryAt = t + Math.min(wait, LOGIN_BACKOFF_MAX_MS);
    }
    touch(this.pairs, key, pair);
    this.bound(t);
  }

  recordSuccess(ip: string, username: string): void {
    this.pairs.delete(pairKey(ip, username));
  }

  private bumpAddress(key: string, t: number): Address {
    const previous = this.addresses.get(key);
    const address =
      previous === undefined || t - previous.windowStart > LOGIN_ADDRESS_WINDOW_MS
        ? { failures: 0, windowStart: t }
        : previous;
    address.failures += 1;
    touch(this.addresses, key, address);
    return address;
  }

  /** Drops forgotten entries, then the least recently failed ones, to stay under maxEntries. */
  private bound(t: number): void {
    if (this.size <= this.maxEntries) return;
    for (const [key, pair] of this.pairs)
      if (t - pair.lastFailure > LOGIN_FORGET_MS && pair.retryAt <= t) this.pairs.delete(key);
    for (const [key, address] of this.addresses)
      if (t - address.windowStart > LOGIN_ADDRESS_WINDOW_MS) this.addresses.delete(key);
    // Maps iterate in insertion order and touch() re-inserts, so the first keys are the oldest.
    const target = Math.floor(this.maxEntries / 2);
    for (const map of [this.addresses, this.pairs] as Map<string, unknown>[]) {
      for (const key of map.keys()) {
        if (this.size <= target || map.size <= target / 2) break;
        map.delete(key);
      }
    }
  }
}

function pairKey(ip: string, username: string): string {
  return `${addressKey(ip)} ${username.toLowerCase()}`;
}

function touch<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
}
