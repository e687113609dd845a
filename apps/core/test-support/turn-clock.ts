/**
 * Counts the event loop's turns (one check phase each; I/O is polled between two of them), for
 * tests that check work is spread over turns. `stop()` ends the count.
 */
export function turnClock(): { now(): number; stop(): void } {
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    now: () => turn,
    stop: () => {
      counting = false;
    },
  };
}
