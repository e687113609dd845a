import { describe, expect, it } from 'vitest';
import { batches } from './frame-batcher.ts';

describe('batches', () => {
  it('packs frames into JSON arrays no longer than the limit, in order', () => {
    const frames = Array.from({ length: 10 }, (_, i) => JSON.stringify({ n: i }));
    const out = [...batches(frames, 30)];
    expect(out.every((m) => m.length <= 30)).toBe(true);
    expect(out.flatMap((m) => JSON.parse(m) as unknown[])).toEqual(
      frames.map((f) => JSON.parse(f) as unknown),
    );
  });

  it('sends a frame larger than the limit alone, and nothing for no frames', () => {
    const big = JSON.stringify({ text: 'x'.repeat(100) });
    expect([...batches(['1', big, '2'], 20)]).toEqual(['[1]', `[${big}]`, '[2]']);
    expect([...batches([], 20)]).toEqual([]);
  });
});
