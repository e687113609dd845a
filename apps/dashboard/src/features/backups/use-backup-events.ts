import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCacheSync } from '@/lib/realtime/event-hooks.ts';
import { getBackupsQueryOptions } from './api/get-backups.ts';
import { reduceBackupProgress, type BackupWork } from './backup-progress.ts';

/**
 * The backup work of an instance going on now, from live progression events; the list is
 * refetched when work starts or ends, and after the event stream comes back from a gap.
 */
export function useBackupEvents(instance: { uuid: string; name: string }): BackupWork[] {
  const queryClient = useQueryClient();
  const current = useRef<BackupWork[]>([]);
  const [work, setWork] = useState<BackupWork[]>([]);
  const refresh = () =>
    void queryClient.invalidateQueries({
      queryKey: getBackupsQueryOptions(instance.uuid).queryKey,
    });
  // The history replayed at connect holds work that already ended: only fresh events count.
  useCacheSync(
    (event) => {
      const step = reduceBackupProgress(current.current, event, instance);
      if (step.work !== current.current) {
        current.current = step.work;
        setWork(step.work);
      }
      if (step.refresh) refresh();
    },
    () => {
      current.current = [];
      setWork([]);
      refresh();
    },
  );
  return work;
}
