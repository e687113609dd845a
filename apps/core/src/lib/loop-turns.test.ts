import { expect, it } from 'vitest';
import { loopTurn } from './loop-turns.ts';

it('gives each waiting caller a turn of its own of the event loop, in order', async () => {
  // Counts the loop's turns (one check phase each; I/O is polled between two of them).
  let turn = 0;
  let counting = true;
  const count = () => {
    turn++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  const seen: [string, number][] = [];
  await Promise.all(
    ['a', 'b', 'c', 'd'].map((name) => loopTurn().then(() => seen.push([name, turn]))),
  );
  counting = false;
  expect(seen.map(([name]) => name)).toEqual(['a', 'b', 'c', 'd']);
  const turns = seen.map(([, at]) => at);
  expect(new Set(turns).size).toBe(turns.length);
});
