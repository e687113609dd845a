import { useEffect } from 'react';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useCoreInfo } from './api/get-core-info.ts';
import { versionOutcome } from './version-rule.ts';

const versionToastsShown = new Set<string>();

/** Shows the patch-version toast of dashboard.md §4 once per core and version. */
export function useVersionToast(): void {
  const core = useCurrentCore();
  const id = core ? `${core.protocol}://${coreKey(core)}` : null;
  const info = useCoreInfo();
  const version = info.data?.version;
  useEffect(() => {
    if (!id || version === undefined) return;
    const outcome = versionOutcome(version);
    const key = `${id}@${version}`;
    if (outcome.kind !== 'toast' || versionToastsShown.has(key)) return;
    versionToastsShown.add(key);
    notify('warning', outcome.message, { id: `version-${key}`, duration: outcome.durationMs });
  }, [id, version]);
}
