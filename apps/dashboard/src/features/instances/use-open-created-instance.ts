import { useCallback, useEffect, useRef, useState } from 'react';
import { useEventSubscription } from '@/lib/realtime/event-hooks.ts';
import { useInstances } from './api/get-instances.ts';
import { CreationWatch, creationOutcome } from './creation-watch.ts';
import type { CreationOutcome, CreationTarget } from './creation-watch.ts';

export interface CreationTracker {
  /** Call when Create is pressed: outcomes from then on count (the end may beat the answer). */
  begin(): void;
  /** Call with what Create answered. */
  watch(target: CreationTarget): void;
}

/**
 * Opens an instance once its creation has ended and it is in the list (issue 15 #2): `open` gets
 * its uuid. A failed creation opens nothing (its notification says why).
 */
export function useOpenCreatedInstance(open: (uuid: string) => void): CreationTracker {
  const since = useRef<CreationOutcome[] | null>(null);
  const current = useRef<CreationWatch | null>(null);
  const [ready, setReady] = useState<string | null>(null);
  const instances = useInstances();

  const apply = useCallback((watch: CreationWatch, outcome: CreationOutcome) => {
    const result = watch.apply(outcome);
    if (result === null || current.current !== watch) return;
    current.current = null;
    if (result !== 'stop') setReady(result.open);
  }, []);

  useEventSubscription((event, { fresh }) => {
    const outcome = fresh ? creationOutcome(event) : null;
    if (!outcome) return;
    since.current?.push(outcome);
    if (current.current) apply(current.current, outcome);
  });

  const listed = ready !== null && instances.data?.some((i) => i.uuid === ready) === true;
  useEffect(() => {
    if (!listed || ready === null) return;
    setReady(null);
    open(ready);
  }, [listed, ready, open]);

  return {
    begin: useCallback(() => {
      since.current = [];
    }, []),
    watch: useCallback(
      (target: CreationTarget) => {
        const watch = new CreationWatch(target);
        current.current = watch;
        for (const outcome of since.current ?? []) apply(watch, outcome);
        since.current = null;
      },
      [apply],
    ),
  };
}
