import { describe, expect, it } from 'vitest';
import { SNOWFLAKE_EPOCH_MS } from './constants.ts';
import {
  SnowflakeGenerator,
  SnowflakeSchema,
  decodeSnowflake,
  encodeSnowflake,
  msToSnowflakeBound,
  snowflakeToMs,
} from './snowflake.ts';

/** A fixed-seed source of numbers in [0, 1) (mulberry32): every run samples the same cases. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// core-api.md §2.2. The spec's own claim, checked by hand:
//   215458041036935168 >> 22 = 51369200000, + 1667530800000 = 1718900000000 (2024-06-20T16:13:20Z);
//   215458041036935168 & 0x3fffff = 0x21000 = (machine 1 << 17) | (node 1 << 12) | sequence 0.
// So the claim holds exactly, machine/node bits included.
const SPEC_SNOWFLAKE = '215458041036935168';
const SPEC_MS = 1718900000000;

describe('snowflake layout (§2.2)', () => {
  it('the spec example decodes to 2024-06-20T16:13:20Z with sequence 0', () => {
    expect(snowflakeToMs(SPEC_SNOWFLAKE)).toBe(SPEC_MS);
    expect(new Date(snowflakeToMs(SPEC_SNOWFLAKE)).toISOString()).toBe('2024-06-20T16:13:20.000Z');
    expect(decodeSnowflake(SPEC_SNOWFLAKE)).toEqual({ ms: SPEC_MS, sequence: 0 });
  });

  it('encodes the spec example exactly, machine 1 / node 1 in bits 12–21', () => {
    expect(encodeSnowflake(SPEC_MS, 0)).toBe(SPEC_SNOWFLAKE);
    expect(BigInt(encodeSnowflake(SPEC_MS, 0)) & 0x3fffffn).toBe(0x21000n);
    expect(BigInt(encodeSnowflake(SPEC_MS, 4095)) & 0x3fffffn).toBe(0x21fffn);
  });

  it('the Appendix B console snowflake is one second later', () => {
    expect(decodeSnowflake('215458045231239168')).toEqual({ ms: SPEC_MS + 1000, sequence: 0 });
  });

  it('uses the dashboard formula Number(BigInt(s) >> 22n) + epoch', () => {
    const s = encodeSnowflake(1735689600123, 17);
    expect(snowflakeToMs(s)).toBe(Number(BigInt(s) >> 22n) + Number(SNOWFLAKE_EPOCH_MS));
  });

  it('round-trips ms and sequence, across the epoch and far ahead', () => {
    const moments = [
      Number(SNOWFLAKE_EPOCH_MS),
      SPEC_MS,
      SPEC_MS + 1,
      1735689600123,
      4102444800000,
    ];
    for (const ms of moments) {
      for (const sequence of [0, 1, 2048, 4095]) {
        expect(decodeSnowflake(encodeSnowflake(ms, sequence))).toEqual({ ms, sequence });
      }
    }
  });

  it('keeps digits that a JS number would lose', () => {
    const s = encodeSnowflake(SPEC_MS, 4095);
    expect(s).toBe('215458041036939263');
    expect(Number(s).toString()).not.toBe(s);
  });

  it('orders by time, then sequence (numerically, as BigInt)', () => {
    const ids = [
      encodeSnowflake(SPEC_MS, 0),
      encodeSnowflake(SPEC_MS, 1),
      encodeSnowflake(SPEC_MS, 4095),
      encodeSnowflake(SPEC_MS + 1, 0),
      encodeSnowflake(SPEC_MS + 1000, 0),
    ];
    for (let i = 1; i < ids.length; i += 1)
      expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
  });

  it('refuses a sequence outside 0..4095', () => {
    expect(() => encodeSnowflake(SPEC_MS, 4096)).toThrow(RangeError);
    expect(() => encodeSnowflake(SPEC_MS, -1)).toThrow(RangeError);
  });

  it('msToSnowflakeBound is (ms - epoch) << 22, below every id of that ms and above the previous', () => {
    expect(msToSnowflakeBound(SPEC_MS)).toBe(215458041036800000n);
    expect(msToSnowflakeBound(SPEC_MS) <= BigInt(encodeSnowflake(SPEC_MS, 0))).toBe(true);
    expect(msToSnowflakeBound(SPEC_MS) > BigInt(encodeSnowflake(SPEC_MS - 1, 4095))).toBe(true);
  });
});

describe('SnowflakeSchema', () => {
  it('accepts decimal strings unchanged', () => {
    expect(SnowflakeSchema.parse(SPEC_SNOWFLAKE)).toBe(SPEC_SNOWFLAKE);
    expect(SnowflakeSchema.parse('0')).toBe('0');
  });

  it('accepts a number and turns it into a decimal string', () => {
    expect(SnowflakeSchema.parse(42)).toBe('42');
    expect(SnowflakeSchema.parse(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
  });

  it('refuses a number that already lost precision rather than inventing digits', () => {
    // JSON.parse('215458041036935168') cannot hold the value exactly; accepting it would store a wrong id.
    expect(SnowflakeSchema.safeParse(Number(SPEC_SNOWFLAKE)).success).toBe(false);
  });

  it('answers the canonical decimal form', () => {
    expect(SnowflakeSchema.parse('007')).toBe('7');
    expect(SnowflakeSchema.parse('-0')).toBe('0');
    expect(SnowflakeSchema.parse('-42')).toBe('-42');
  });

  it('accepts the whole i64 range and nothing beyond it (the core stores an i64)', () => {
    expect(SnowflakeSchema.parse('9223372036854775807')).toBe('9223372036854775807');
    expect(SnowflakeSchema.parse('-9223372036854775808')).toBe('-9223372036854775808');
    expect(SnowflakeSchema.safeParse('9223372036854775808').success).toBe(false);
    expect(SnowflakeSchema.safeParse('-9223372036854775809').success).toBe(false);
    expect(SnowflakeSchema.safeParse('99999999999999999999999').success).toBe(false);
  });

  it('refuses non-decimal text and non-integers', () => {
    for (const bad of [
      '0x10',
      '1e3',
      '1.0',
      '',
      '12a',
      ' 12',
      1.5,
      Number.NaN,
      null,
      undefined,
      {},
    ]) {
      expect(SnowflakeSchema.safeParse(bad).success, JSON.stringify(bad) ?? 'undefined').toBe(
        false,
      );
    }
  });
});

describe('SnowflakeGenerator (injected clock)', () => {
  const clock = (start: number) => {
    const state = { now: start };
    return { state, now: () => state.now };
  };

  it('resets the sequence when the millisecond changes', () => {
    const c = clock(SPEC_MS);
    const gen = new SnowflakeGenerator(c.now);
    expect(decodeSnowflake(gen.next())).toEqual({ ms: SPEC_MS, sequence: 0 });
    expect(decodeSnowflake(gen.next())).toEqual({ ms: SPEC_MS, sequence: 1 });
    c.state.now += 5;
    expect(decodeSnowflake(gen.next())).toEqual({ ms: SPEC_MS + 5, sequence: 0 });
  });

  it('issues 4096 ids in one ms, then spins to the next ms with sequence 0', () => {
    const c = clock(SPEC_MS);
    const gen = new SnowflakeGenerator(c.now);
    const ids = Array.from({ length: 4096 * 2 + 1 }, () => gen.next());
    expect(decodeSnowflake(ids[4095]!)).toEqual({ ms: SPEC_MS, sequence: 4095 });
    expect(decodeSnowflake(ids[4096]!)).toEqual({ ms: SPEC_MS + 1, sequence: 0 });
    expect(decodeSnowflake(ids[8191]!)).toEqual({ ms: SPEC_MS + 1, sequence: 4095 });
    expect(decodeSnowflake(ids[8192]!)).toEqual({ ms: SPEC_MS + 2, sequence: 0 });
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i += 1)
      expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
  });

  it('after spinning ahead, a clock that catches up continues without duplicates', () => {
    const c = clock(SPEC_MS);
    const gen = new SnowflakeGenerator(c.now);
    const ids = Array.from({ length: 4097 }, () => gen.next());
    c.state.now = SPEC_MS + 1;
    ids.push(gen.next());
    expect(decodeSnowflake(ids.at(-1)!)).toEqual({ ms: SPEC_MS + 1, sequence: 1 });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes exactly what encodeSnowflake writes, whatever the millisecond and sequence', () => {
    const c = clock(SPEC_MS);
    /** Draws a millisecond's 4096 ids and checks those at `sequences` (and where its tail carries). */
    const check = (ms: number, sequences: readonly number[]) => {
      c.state.now = ms;
      const gen = new SnowflakeGenerator(c.now);
      // The generator adds the sequence to the last six digits of the sequence-0 snowflake; from
      // this sequence on, that addition carries into the seventh digit.
      const carryAt = 1_000_000 - Number(BigInt(encodeSnowflake(ms, 0)) % 1_000_000n);
      const wanted = new Set([0, 1, 4095, carryAt - 1, carryAt, ...sequences]);
      for (let n = 0; n < 4096; n++) {
        const id = gen.next();
        if (wanted.has(n)) expect(id).toBe(encodeSnowflake(ms, n));
      }
    };
    // A fixed sample (the same seed every run, so the work does not grow with the machine's load):
    // milliseconds over ~30 years from the spec example, a dozen sequences each.
    const random = seeded(0x5eed);
    const draw = (below: number) => Math.floor(random() * below);
    for (let i = 0; i < 40; i++)
      check(
        SPEC_MS + draw(1e12),
        Array.from({ length: 12 }, () => draw(4096)),
      );
    // A millisecond whose tail carries part-way through its sequences.
    let carry = SPEC_MS;
    while (Number(BigInt(encodeSnowflake(carry, 0)) % 1_000_000n) < 1_000_000 - 4096) carry++;
    check(carry, []);
    // The epoch, whose ids have fewer than seven digits.
    check(Number(SNOWFLAKE_EPOCH_MS), [2, 4094]);
  });

  it('never goes backwards when the clock does', () => {
    const c = clock(SPEC_MS);
    const gen = new SnowflakeGenerator(c.now);
    const first = gen.next();
    c.state.now = SPEC_MS - 10_000;
    const second = gen.next();
    expect(BigInt(second) > BigInt(first)).toBe(true);
    expect(decodeSnowflake(second)).toEqual({ ms: SPEC_MS, sequence: 1 });
  });
});
