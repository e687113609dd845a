import { useEffect, useRef } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { LogEntrySchema, apiPaths, coreSocketUrl } from '@hearth/protocol';
import type { LogEntry, LogFilter } from '@hearth/protocol';
import { useManagedSocket } from '@/lib/realtime/use-managed-socket.ts';
import type { SocketSpec } from '@/lib/realtime/socket-hub.ts';
import { onFrame } from '@/lib/realtime/socket-frames.ts';
import { useCurrentToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';
import { getEventLogQueryOptions } from './api/search-event-log.ts';
import { missingLiveEntries, withLiveEntry } from './log-entries.ts';

/** Live entries remembered to put back when a fetch answered without them. */
const RECENT_KEPT = 200;

/**
 * New entries of the event log, live: the core's log socket (through the realtime hub, with its
 * reconnect policy) sends the entries this viewer may see that match the filter; each goes into
 * the cached first page. Every open after the pages were read (a reconnect) may have missed
 * entries, so the pages are read again; a read that was already under way when an entry arrived
 * answers without it, so recent live entries are put back after each read.
 */
export function useLiveEventLog(core: CoreConnection, filter: LogFilter): void {
  const queryClient = useQueryClient();
  const token = useCurrentToken();
  const usable = token !== null && isUsableToken(token) ? token : null;
  const { queryKey } = getEventLogQueryOptions(core, filter);
  const hash = hashKey(queryKey);
  const recent = useRef<LogEntry[]>([]);
  const current = useRef({ queryKey, filter });
  useEffect(() => {
    current.current = { queryKey, filter };
  });

  useEffect(() => {
    recent.current = [];
    const putBack = () => {
      const { queryKey: key, filter: f } = current.current;
      if (missingLiveEntries(queryClient.getQueryData(key), recent.current).length === 0) return;
      queryClient.setQueryData(key, (cached) =>
        recent.current.reduce((d, e) => withLiveEntry(d, e, f), cached),
      );
    };
    return queryClient.getQueryCache().subscribe((event) => {
      if (
        event.query.queryHash === hash &&
        event.type === 'updated' &&
        event.action.type === 'success'
      )
        putBack();
    });
  }, [queryClient, hash]);

  const spec: SocketSpec | null = usable
    ? {
        url: () => `${coreSocketUrl(core)}${apiPaths.activityStream(filter, usable)}`,
        onMessage: onFrame(LogEntrySchema, 'an event log', (entry) => {
          recent.current = [entry, ...recent.current].slice(0, RECENT_KEPT);
          queryClient.setQueryData(queryKey, (cached) => withLiveEntry(cached, entry, filter));
        }),
        onStatus: (status) => {
          if (status === 'open' && queryClient.getQueryData(queryKey))
            void queryClient.invalidateQueries({ queryKey });
        },
      }
    : null;
  useManagedSocket(`event-log:${hash}`, spec);
}
