import { describe, expect, it } from 'vitest';
import { TransferKeys } from './transfer-keys.ts';

const SYSTEM = { type: 'System' } as const;

describe('TransferKeys (issue 26)', () => {
  it('works once, and only before it expires', () => {
    let now = 1_000;
    const keys = new TransferKeys(() => now, 600_000);
    const first = keys.issue('A', SYSTEM);
    expect(first.expires).toBe(601_000);
    expect(keys.take(first.key)).toMatchObject({ uuid: 'A' });
    expect(keys.take(first.key)).toBeNull();

    const second = keys.issue('A', SYSTEM);
    now = 601_000;
    expect(keys.take(second.key)).toBeNull();
  });

  it('keeps only a hash of each key, and a near miss is no key', () => {
    const keys = new TransferKeys(() => 0);
    const { key } = keys.issue('A', SYSTEM);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      JSON.stringify([...(keys as unknown as { grants: Map<string, unknown> }).grants]),
    ).not.toContain(key);
    expect(keys.take(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(keys.take(key)).not.toBeNull();
  });
});
