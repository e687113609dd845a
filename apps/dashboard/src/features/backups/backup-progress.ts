import { isBackupProgressionOf } from '@hearth/protocol';
import type { ClientEvent } from '@hearth/protocol';

// Backup work of one instance as the event stream reports it: the progressions whose title names
// a backup, safety backup or restore of the instance (the wire has no backup variant, so the
// title is the link; packages/protocol/src/backups.ts builds both sides' titles).

export interface BackupWork {
  eventId: string;
  title: string;
  message: string;
  progress: number;
  total: number | null;
}

export interface BackupProgressStep {
  work: BackupWork[];
  /** The list may have changed: work started, or work on this instance ended. */
  refresh: boolean;
}

export function reduceBackupProgress(
  work: BackupWork[],
  event: ClientEvent,
  instance: { uuid: string; name: string },
): BackupProgressStep {
  const inner = event.event_inner;
  if (inner.type !== 'ProgressionEvent') return { work, refresh: false };
  const p = inner.progression_event_inner;
  const id = inner.event_id;
  switch (p.type) {
    case 'ProgressionStart':
      if (!isBackupProgressionOf(p.progression_name, instance.name))
        return { work, refresh: false };
      return {
        work: [
          ...work.filter((w) => w.eventId !== id),
          { eventId: id, title: p.progression_name, message: '', progress: 0, total: p.total },
        ],
        refresh: true,
      };
    case 'ProgressionUpdate': {
      if (!work.some((w) => w.eventId === id)) return { work, refresh: false };
      return {
        work: work.map((w) =>
          w.eventId === id
            ? { ...w, progress: w.progress + p.progress, message: p.progress_message }
            : w,
        ),
        refresh: false,
      };
    }
    case 'ProgressionEnd': {
      const mine = work.some((w) => w.eventId === id);
      // Everyone who may view the instance sees the end (FSOperationCompleted names it), even
      // when its start went only to whoever began it.
      const ofInstance =
        p.inner?.type === 'FSOperationCompleted' && p.inner.instance_uuid === instance.uuid;
      return {
        work: mine ? work.filter((w) => w.eventId !== id) : work,
        refresh: mine || ofInstance,
      };
    }
  }
}

/** Percent of a piece of work, or null while its size is unknown. */
export function workPercent(work: Pick<BackupWork, 'progress' | 'total'>): number | null {
  if (work.total === null || work.total <= 0) return null;
  return Math.min(99, Math.floor((work.progress / work.total) * 100));
}
