// `child_process.spawn` forks the whole core synchronously: 3 ms for a fresh Node process, 10–15 ms
// for the core at ~120 MiB, several times that on a busy machine (issue 26). Thirty starts at once
// forked back to back in one turn of the event loop and held every request behind them (a
// `/instance/list` p99 of 360 ms). Each spawn waits for its own turn instead, in order, so the
// requests that arrived meanwhile are answered between two forks. Game servers no longer fork the
// core at all (runtime/supervisor/spawn-client.ts); definition runners still do, through here.

const waiting: (() => void)[] = [];
let pumping = false;

function next(): void {
  waiting.shift()?.();
  // Queued from the check phase, the next immediate runs after the loop has polled for I/O.
  if (waiting.length > 0) setImmediate(next);
  else pumping = false;
}

/** Resolves when the caller may spawn: at most one spawn per turn of the event loop, in order. */
export function spawnTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (pumping) return;
    pumping = true;
    setImmediate(next);
  });
}
