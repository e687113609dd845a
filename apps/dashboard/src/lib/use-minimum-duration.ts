import { useEffect, useState } from 'react';

/**
 * Timings the spec fixes as "at least N ms" (dashboard.md §9: the home loader shows at least 1 s).
 * Component tests set `minimumDurations.scale` to 0 so they do not wait; the behaviour itself is
 * covered by its own test with fake timers.
 */
export const minimumDurations = { scale: 1 };

/** False until `ms` have passed since the component mounted. */
export function useMinimumDuration(ms: number): boolean {
  const wait = ms * minimumDurations.scale;
  const [elapsed, setElapsed] = useState(wait <= 0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setElapsed(true), wait);
    return () => clearTimeout(timer);
  }, [wait]);
  return elapsed;
}
