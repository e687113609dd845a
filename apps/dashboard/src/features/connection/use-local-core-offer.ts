import { useCallback, useMemo, useState } from 'react';
import type { CoreInfo } from '@hearth/protocol';
import { coreKey, useSession } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useLocalCoreProbe } from './api/probe-local-core.ts';
import { isSavedCore, localProbeTarget, shouldOfferLocalCore } from './local-probe.ts';

const SKIP_KEY = 'localCoreSkipped';

/** A production build is always served by a core; the dev server is not. */
export const SERVED_BY_CORE = !import.meta.env.DEV;

function readSkipped(id: string): boolean {
  try {
    return sessionStorage.getItem(SKIP_KEY) === id;
  } catch {
    return false;
  }
}

export interface LocalCoreOffer {
  target: CoreConnection;
  info: CoreInfo;
}

/** Probes for a core on this machine and offers it when it is not saved yet (until skipped). */
export function useLocalCoreOffer(): { offer: LocalCoreOffer | null; skip: () => void } {
  const { cores } = useSession();
  const target = useMemo(() => localProbeTarget(window.location, SERVED_BY_CORE), []);
  const id = `${target.protocol}://${coreKey(target)}`;
  const [skipped, setSkipped] = useState(() => readSkipped(id));
  const probe = useLocalCoreProbe(target, !skipped && !isSavedCore(target, cores));

  const skip = useCallback(() => {
    setSkipped(true);
    try {
      sessionStorage.setItem(SKIP_KEY, id);
    } catch {
      // Without storage the skip lasts until the page reloads.
    }
  }, [id]);

  const answered = probe.isSuccess;
  const offer =
    probe.data && shouldOfferLocalCore({ answered, target, saved: cores, skipped })
      ? { target, info: probe.data }
      : null;
  return { offer, skip };
}
