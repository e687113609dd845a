import { expect, it } from 'vitest';
import { turnClock } from '../../test-support/turn-clock.ts';
import { loopTurn } from './loop-turns.ts';

it('gives each waiting caller a turn of its own of the event loop, in order', async () => {
  const clock = turnClock();
  const seen: [string, number][] = [];
  await Promise.all(
    ['a', 'b', 'c', 'd'].map((name) => loopTurn().then(() => seen.push([name, clock.now()]))),
  );
  clock.stop();
  expect(seen.map(([name]) => name)).toEqual(['a', 'b', 'c', 'd']);
  const turns = seen.map(([, at]) => at);
  expect(new Set(turns).size).toBe(turns.length);
});
