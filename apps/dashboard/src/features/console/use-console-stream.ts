import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiPaths, coreSocketUrl } from '@hearth/protocol';
import { parseConsoleMessage } from '@hearth/protocol';
import type { ClientEvent, ConsoleItem } from '@hearth/protocol';
import { useManagedSocket } from '@/lib/realtime/use-managed-socket.ts';
import type { SocketSpec, SocketStatus } from '@/lib/realtime/socket-hub.ts';
import { useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';
import { getConsoleBufferQueryOptions } from './api/get-console-buffer.ts';
import { ConsoleLog } from './console-log.ts';
import { consoleStatus } from './console-status.ts';
import type { BufferState, ConsoleStatus, StreamState } from './console-status.ts';

// The console's data: history from GET /console/buffer, then live lines from the console socket,
// which the realtime hub owns (one reconnect policy: 1 s, except after a normal close, 1000).
// Live lines that arrive while history is being fetched wait until it is in, so the log stays in
// order; the same happens after a gap (the hub's onGap), which fetches history again to fill it.

export interface ConsoleStream {
  log: ConsoleLog;
  /** Changes when lines were added (at most once per animation frame). */
  version: number;
  status: ConsoleStatus;
}

export function consoleSocketKey(instanceUuid: string): string {
  return `console:${instanceUuid}`;
}

const nextFrame: (fn: () => void) => void =
  typeof requestAnimationFrame === 'function'
    ? (fn) => requestAnimationFrame(fn)
    : (fn) => setTimeout(fn, 16);

/** A state bump coalesced to one per frame, however many lines arrive in between. */
function useFrameTick(): [number, () => void] {
  const [tick, setTick] = useState(0);
  const scheduled = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const schedule = useCallback(() => {
    if (scheduled.current) return;
    scheduled.current = true;
    nextFrame(() => {
      scheduled.current = false;
      if (mounted.current) setTick((t) => t + 1);
    });
  }, []);
  return [tick, schedule];
}

function nextStreamState(
  previous: StreamState,
  status: SocketStatus,
  code: number | undefined,
): StreamState {
  switch (status) {
    case 'connecting':
      return previous === 'error' ? 'error' : 'connecting';
    case 'open':
      return 'open';
    case 'error':
    case 'create-failed':
      return 'error';
    case 'closed':
      return code === 1000 ? 'closed' : 'error';
  }
}

/** Mount with `key={instanceUuid}`: one log per instance view. */
export function useConsoleStream(instanceUuid: string, canAccess: boolean): ConsoleStream {
  const core = useCurrentCore();
  const token = useCurrentToken();
  const queryClient = useQueryClient();
  const [log] = useState(() => new ConsoleLog());
  const [version, scheduleRender] = useFrameTick();
  const [buffer, setBuffer] = useState<BufferState>('loading');
  const [stream, setStream] = useState<StreamState>('connecting');
  /** Live events held back while history loads; null when they go straight into the log. */
  const pending = useRef<ConsoleItem[] | null>([]);
  const fetchGeneration = useRef(0);

  const usableToken = token !== null && isUsableToken(token) ? token : null;
  const enabled = canAccess && core !== null && usableToken !== null;

  const loadHistory = useCallback(() => {
    if (!core) return;
    const generation = ++fetchGeneration.current;
    pending.current ??= [];
    const settle = (events: ClientEvent[], state: BufferState) => {
      if (generation !== fetchGeneration.current) return;
      log.addEvents(events, instanceUuid);
      log.addEvents(pending.current ?? [], instanceUuid);
      pending.current = null;
      setBuffer(state);
      scheduleRender();
    };
    queryClient.fetchQuery(getConsoleBufferQueryOptions(core, instanceUuid)).then(
      (events) => settle(events, 'loaded'),
      (err: unknown) => {
        console.warn('Could not fetch the console history', err);
        settle([], 'failed');
      },
    );
  }, [core, instanceUuid, log, queryClient, scheduleRender]);

  useEffect(() => {
    if (!enabled) return undefined;
    loadHistory();
    const generations = fetchGeneration;
    return () => {
      // Answers of fetches started before now are ignored after unmount.
      generations.current++;
    };
  }, [enabled, loadHistory]);

  const spec: SocketSpec | null =
    enabled && core && usableToken
      ? {
          url: () =>
            `${coreSocketUrl(core)}${apiPaths.consoleStream(instanceUuid, usableToken, 'lines')}`,
          onMessage: (data) => {
            const { items, skipped } = parseConsoleMessage(data);
            if (skipped > 0)
              console.warn(`Ignoring ${skipped} console items that do not match the protocol`);
            if (items.length === 0) return;
            if (pending.current) pending.current.push(...items);
            else if (log.addEvents(items, instanceUuid) > 0) scheduleRender();
          },
          onStatus: (status, detail) =>
            setStream((previous) => nextStreamState(previous, status, detail.code)),
          shouldReconnect: (code) => code !== 1000,
          onGap: loadHistory,
        }
      : null;
  useManagedSocket(consoleSocketKey(instanceUuid), spec);

  return { log, version, status: consoleStatus(canAccess, buffer, stream) };
}
