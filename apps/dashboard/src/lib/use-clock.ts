import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * "Now" for relative times, moving once a period rather than on every render: a value that
 * changed on every render would re-render every visible row of a list on every scrolled frame.
 * `periodOf` may depend on the current time (the event log ticks every second while its newest
 * entry is under a minute old); the timer restarts only when the period itself changes.
 */
export function useClock(periodOf: (nowMs: number) => number): number {
  const [now, setNow] = useState(() => Date.now());
  const period = periodOf(now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), period);
    return () => clearInterval(timer);
  }, [period]);
  return now;
}

const everyMinute = (): number => MINUTE_MS;

/** "Now", moving once a minute (the file list's and the event log's relative times). */
export function useMinuteClock(): number {
  return useClock(everyMinute);
}
