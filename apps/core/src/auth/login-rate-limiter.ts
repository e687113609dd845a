import { isIPv4, isIPv6 } from 'node:net';
import {
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_ATTEMPTS_PER_USERNAME,
  LOGIN_BACKOFF_BASE_MS,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_KNOWN_PAIR_MS,
  LOGIN_PAIR_FORGET_MS,
} from '@hearth/protocol';
import { TooManyRequestsError } from '../errors.ts';

export interface LoginLimits {
  /** Failures a pair may make before it backs off (default LOGIN_ATTEMPTS_PER_USERNAME). */
  freeAttempts?: number;
  /** Failures an address may make across usernames before it backs off (LOGIN_ATTEMPTS_PER_IP). */
  addressBudget?: number;
  /** Entries kept at most (pairs + addresses + known pairs); the oldest are dropped past it. */
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
  /** Once the budget is spent: no attempt on an unknown pair before this time (ms). */
  retryAt: number;
}

/** An attempt being verified: its pair, and whether it holds one of its address's slots. */
interface Claim {
  address: string;
  counted: boolean;
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

/** The wait after `over` failures past the free ones: 1 s, 2 s, 4 s… at most 15 min. */
function backoff(over: number): number {
  // 2 ** 30 s is far past the cap; clamping the exponent keeps the number finite.
  return Math.min(LOGIN_BACKOFF_BASE_MS * 2 ** Math.min(over, 30), LOGIN_BACKOFF_MAX_MS);
}

function tooMany(waitMs: number, text: string): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new TooManyRequestsError(
    `${text}, try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`,
    seconds,
  );
}

/**
 * Login throttling that slows guessers without locking anyone out, on two budgets:
 *
 * - per (address, username) pair: after LOGIN_ATTEMPTS_PER_USERNAME (5) failures the pair must wait
 *   1 s, 2 s, 4 s… (at most 15 min) before each next attempt; a success clears it;
 * - per address across usernames (password spraying): after LOGIN_ATTEMPTS_PER_IP (20) failures
 *   within 15 min of its first, the address waits the same way before each next attempt on any
 *   username, and is forgotten 15 min after its wait ended without a new failure. A success does
 *   not clear it (a sprayer with one real account would use it to start afresh).
 *
 * An attempt during a wait is refused (429 with the time left) before its password is verified.
 * Failures from other addresses never touch a pair or an address, so an attacker elsewhere cannot
 * lock the owner out. Behind one NAT, a spraying neighbour does hold up everyone else's first
 * login from that address for the wait — except a username that has logged in from that address
 * within the last 30 days (LOGIN_KNOWN_PAIR_MS): its pair is exempt from the address's budget and
 * only its own failures slow it, so people who use the address keep getting in. A guesser cannot
 * make a pair known without its password.
 */
export class LoginRateLimiter {
  private readonly pairs = new Map<string, Pair>();
  private readonly addresses = new Map<string, Address>();
  /** Pair → time of its last successful login. */
  private readonly known = new Map<string, number>();
  /** Pairs with an attempt being verified: parallel guesses must not all slip past one check. */
  private readonly inFlight = new Map<string, Claim>();
  /** Attempts being verified per address (those its budget applies to). */
  private readonly addressInFlight = new Map<string, number>();
  private readonly freeAttempts: number;
  private readonly addressBudget: number;
  private readonly maxEntries: number;

  constructor(
    limits: LoginLimits = {},
    private readonly now: () => number = Date.now,
  ) {
    this.freeAttempts = limits.freeAttempts ?? LOGIN_ATTEMPTS_PER_USERNAME;
    this.addressBudget = limits.addressBudget ?? LOGIN_ATTEMPTS_PER_IP;
    this.maxEntries = limits.maxEntries ?? 100_000;
  }

  /** Entries held (pairs + addresses + known pairs), for the memory bound. */
  get size(): number {
    return this.pairs.size + this.addresses.size + this.known.size;
  }

  /**
   * Throws 429 while the pair or (unless the pair is known) its address must wait, or would be
   * over its budget with the attempts already being verified; otherwise claims the pair until
   * `release` (call it in a `finally`, after recording the outcome).
   */
  check(ip: string, username: string): void {
    const key = pairKey(ip, username);
    const t = this.now();
    const pairWait = this.inFlight.has(key) ? 1000 : (this.pairs.get(key)?.retryAt ?? 0) - t;
    if (pairWait > 0) throw tooMany(pairWait, 'Too many login attempts');
    const address = addressKey(ip);
    const counted = !this.isKnown(key, t);
    if (counted) {
      const state = this.liveAddress(address, t);
      const pending = this.addressInFlight.get(address) ?? 0;
      if ((state?.failures ?? 0) + pending >= this.addressBudget) {
        // Spent: one attempt at a time, once the wait is over.
        const wait = pending > 0 ? 1000 : (state?.retryAt ?? 0) - t;
        if (wait > 0) throw tooMany(wait, 'Too many failed logins from this address');
      }
      this.addressInFlight.set(address, pending + 1);
    }
    this.inFlight.set(key, { address, counted });
  }

  release(ip: string, username: string): void {
    const key = pairKey(ip, username);
    const claim = this.inFlight.get(key);
    if (!claim) return;
    this.inFlight.delete(key);
    if (!claim.counted) return;
    const pending = (this.addressInFlight.get(claim.address) ?? 1) - 1;
    if (pending > 0) this.addressInFlight.set(claim.address, pending);
    else this.addressInFlight.delete(claim.address);
  }

  recordFailure(ip: string, username: string): void {
    const t = this.now();
    this.bumpAddress(addressKey(ip), t);
    const key = pairKey(ip, username);
    const previous = this.pairs.get(key);
    const pair =
      previous === undefined || t - previous.lastFailure > LOGIN_PAIR_FORGET_MS
        ? { failures: 0, retryAt: 0, lastFailure: t }
        : previous;
    pair.failures += 1;
    pair.lastFailure = t;
    if (pair.failures >= this.freeAttempts)
      pair.retryAt = t + backoff(pair.failures - this.freeAttempts);
    touch(this.pairs, key, pair);
    this.bound(t);
  }

  recordSuccess(ip: string, username: string): void {
    const key = pairKey(ip, username);
    const t = this.now();
    this.pairs.delete(key);
    touch(this.known, key, t);
    this.bound(t);
  }

  private isKnown(key: string, t: number): boolean {
    const at = this.known.get(key);
    return at !== undefined && t - at <= LOGIN_KNOWN_PAIR_MS;
  }

  /** The address's state, or undefined once it is forgotten. */
  private liveAddress(key: string, t: number): Address | undefined {
    const address = this.addresses.get(key);
    return address && !this.forgotten(address, t) ? address : undefined;
  }

  /** Within budget: its window is over. Spent: quiet for a window after its wait ended. */
  private forgotten(address: Address, t: number): boolean {
    return address.failures < this.addressBudget
      ? t - address.windowStart > LOGIN_ADDRESS_WINDOW_MS
      : t - address.retryAt > LOGIN_ADDRESS_WINDOW_MS;
  }

  private bumpAddress(key: string, t: number): void {
    const address = this.liveAddress(key, t) ?? { failures: 0, windowStart: t, retryAt: 0 };
    address.failures += 1;
    if (address.failures >= this.addressBudget)
      address.retryAt = t + backoff(address.failures - this.addressBudget);
    touch(this.addresses, key, address);
  }

  /** Drops forgotten entries, then the least recently used ones, to stay under maxEntries. */
  private bound(t: number): void {
    if (this.size <= this.maxEntries) return;
    for (const [key, pair] of this.pairs)
      if (t - pair.lastFailure > LOGIN_PAIR_FORGET_MS && pair.retryAt <= t) this.pairs.delete(key);
    for (const [key, address] of this.addresses)
      if (this.forgotten(address, t)) this.addresses.delete(key);
    for (const [key, at] of this.known) if (t - at > LOGIN_KNOWN_PAIR_MS) this.known.delete(key);
    // Maps iterate in insertion order and touch() re-inserts, so the first keys are the oldest.
    const target = Math.floor(this.maxEntries / 2);
    for (const map of [this.addresses, this.pairs, this.known] as Map<string, unknown>[]) {
      for (const key of map.keys()) {
        if (this.size <= target || map.size <= target / 3) break;
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
