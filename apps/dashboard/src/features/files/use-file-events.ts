import type { ProgressionEndValue } from '@hearth/protocol';
import { useEventSubscription } from '@/lib/realtime/event-hooks.ts';
import { notify } from '@/lib/toast.ts';

export type FsCompleted = Extract<ProgressionEndValue, { type: 'FSOperationCompleted' }>;

/**
 * dashboard.md §4: the end of a file operation (zip, unzip, copy, upload) shows a success or error
 * toast and refreshes the file list. Only live events of this instance count; the buffer replayed
 * on connect holds operations that already ended.
 */
export function useFileOperationEvents(
  instanceUuid: string,
  refresh: () => void,
  /** False to refresh without a toast (the outcome was already shown). */
  shouldToast: (completed: FsCompleted) => boolean = () => true,
): void {
  useEventSubscription((event, { fresh }) => {
    if (!fresh) return;
    const inner = event.event_inner;
    if (inner.type !== 'ProgressionEvent') return;
    const progression = inner.progression_event_inner;
    if (progression.type !== 'ProgressionEnd' || progression.inner?.type !== 'FSOperationCompleted')
      return;
    const completed: FsCompleted = progression.inner;
    if (completed.instance_uuid !== instanceUuid) return;
    if (shouldToast(completed)) notify(completed.success ? 'success' : 'error', completed.message);
    refresh();
  });
}
