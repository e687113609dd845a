import { z } from 'zod/mini';
import { SNOWFLAKE_EPOCH_MS, SNOWFLAKE_TIMESTAMP_SHIFT } from './constants.ts';

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;

/**
 * core-api.md §2.1: a snowflake travels as a decimal string of an i64; a number is accepted on input.
 * Output is the canonical decimal form, and anything outside i64 is refused as the core would.
 */
export const SnowflakeSchema = z.pipe(
  z.union([
    z.string().check(z.regex(/^-?\d+$/, 'Snowflake must be a decimal string')),
    z.number().check(z.int()),
  ]),
  z.transform((v, ctx) => {
    const value = BigInt(v);
    if (value < I64_MIN || value > I64_MAX) {
      // zod/mini's transform context has no addIssue: the issue goes on the payload directly.
      ctx.issues.push({ code: 'custom', message: 'Snowflake out of i64 range', input: v });
      return z.NEVER;
    }
    return value.toString();
  }),
);
export type Snowflake = z.output<typeof SnowflakeSchema>;

const MACHINE_AND_NODE_BITS = (1n << 17n) | (1n << 12n);
const MILLION = 1_000_000n;

/** Unix milliseconds encoded in a snowflake (core-api.md §2.2). */
export function snowflakeToMs(snowflake: string): number {
  return Number((BigInt(snowflake) >> SNOWFLAKE_TIMESTAMP_SHIFT) + SNOWFLAKE_EPOCH_MS);
}

/** The snowflake for a moment with a given sequence (machine 1, node 1 as the reference). */
export function encodeSnowflake(ms: number, sequence = 0): string {
  if (sequence < 0 || sequence > 4095) throw new RangeError('sequence must be 0..4095');
  const since = BigInt(ms) - SNOWFLAKE_EPOCH_MS;
  return (
    (since << SNOWFLAKE_TIMESTAMP_SHIFT) |
    MACHINE_AND_NODE_BITS |
    BigInt(sequence)
  ).toString();
}

export function decodeSnowflake(snowflake: string): { ms: number; sequence: number } {
  const value = BigInt(snowflake);
  return { ms: snowflakeToMs(snowflake), sequence: Number(value & 0xfffn) };
}

/**
 * Mints increasing snowflakes; spins to the next millisecond after 4096 in one. Every console line
 * gets one, so the decimal text is built from the millisecond's part (BigInt math once per ms) and
 * the sequence added to its last six digits, which is what encodeSnowflake would give.
 */
export class SnowflakeGenerator {
  private lastMs = -1;
  private sequence = 0;
  /** The millisecond whose snowflake (sequence 0) is split into `head` and `tail` below. */
  private splitMs = -1;
  /** Its decimal digits but the last six, and those six as a number; '' when not splittable. */
  private head = '';
  private tail = 0;
  constructor(private readonly now: () => number = Date.now) {}

  next(): string {
    let ms = this.now();
    if (ms < this.lastMs) ms = this.lastMs;
    if (ms === this.lastMs) {
      this.sequence += 1;
      if (this.sequence > 4095) {
        ms = this.lastMs + 1;
        this.sequence = 0;
      }
    } else {
      this.sequence = 0;
    }
    this.lastMs = ms;
    if (ms !== this.splitMs) {
      const base = BigInt(encodeSnowflake(ms, 0));
      this.splitMs = ms;
      this.head = base >= MILLION ? (base / MILLION).toString() : '';
      this.tail = Number(base % MILLION);
    }
    const tail = this.tail + this.sequence;
    if (this.head === '' || tail >= 1_000_000) return encodeSnowflake(ms, this.sequence);
    return this.head + String(tail).padStart(6, '0');
  }
}

/** Lower bound snowflake for a unix-ms moment (used by /events/search). */
export function msToSnowflakeBound(ms: number): bigint {
  return (BigInt(ms) - SNOWFLAKE_EPOCH_MS) << SNOWFLAKE_TIMESTAMP_SHIFT;
}
