// Work that many requests start at once must not all run in the one turn of the event loop in which
// their requests arrived. Thirty starts (or stops) at once each did their synchronous part — a fork
// for a definition runner (`child_process.spawn` forks the whole core: 10–15 ms at ~120 MiB), the
// /proc walk before a signal, the first steps of a launch — back to back, and every other request
// waited behind all of them (a `/instance/list` p99 of 360 ms, issue 26). Each waits for a turn of
// its own instead, in order, so the requests that arrived meanwhile are answered between two.

const waiting: (() => void)[] = [];
let pumping = false;

function next(): void {
  waiting.shift()?.();
  // Queued from the check phase, the next immediate runs after the loop has polled for I/O.
  if (waiting.length > 0) setImmediate(next);
  else pumping = false;
}

/**
 * Resolves on a turn of the event loop of the caller's own: one caller per turn, in the order they
 * asked. What the caller does synchronously after it (until its next await) is all that turn runs
 * besides the I/O the loop polled.
 */
export function loopTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (pumping) return;
    pumping = true;
    setImmediate(next);
  });
}
