import { describe, expect, it } from 'vitest';
import { isNearBottom } from './scroll.ts';

describe('isNearBottom (10 px rule)', () => {
  const at = (scrollTop: number) => ({ scrollTop, scrollHeight: 1000, clientHeight: 200 });
  it('within 10 px of the bottom counts as at the bottom', () => {
    expect(isNearBottom(at(800))).toBe(true);
    expect(isNearBottom(at(790))).toBe(true);
  });
  it('further up does not', () => {
    expect(isNearBottom(at(789))).toBe(false);
    expect(isNearBottom(at(0))).toBe(false);
  });
});
