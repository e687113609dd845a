import { describe, expect, it } from 'vitest';
import { bottomTop, rowWindow, totalHeight } from './fixed-rows.ts';

const g = { rowHeight: 20, padding: 8, overscan: 2 };

describe('rowWindow', () => {
  it('draws the rows in view plus the overscan, clamped to the list', () => {
    expect(rowWindow(1000, 0, 100, g)).toEqual({ start: 0, end: 7, total: 20_016 });
    expect(rowWindow(1000, 408, 100, g)).toEqual({ start: 18, end: 27, total: 20_016 });
    expect(rowWindow(1000, bottomTop(1000, 100, g), 100, g)).toEqual({
      start: 993,
      end: 1000,
      total: 20_016,
    });
  });

  it('costs the same for 100 and 100,000 rows (only the view is counted)', () => {
    const small = rowWindow(100, 0, 200, g);
    const large = rowWindow(100_000, 0, 200, g);
    expect(large.end - large.start).toBe(small.end - small.start);
  });

  it('an empty list or no view draws nothing', () => {
    expect(rowWindow(0, 0, 500, g)).toEqual({ start: 0, end: 0, total: 16 });
    expect(totalHeight(0, g)).toBe(16);
    expect(bottomTop(3, 500, g)).toBe(0);
  });
});
