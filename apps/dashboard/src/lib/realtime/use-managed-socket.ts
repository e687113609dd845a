import { useEffect, useEffectEvent, useRef } from 'react';
import { useRealtimeHub } from './realtime-hooks.ts';
import type { SocketSpec } from './socket-hub.ts';

/** Keeps a keyed socket open while mounted and `spec` is non-null (console, monitor). */
export function useManagedSocket(key: string, spec: SocketSpec | null): void {
  const hub = useRealtimeHub();
  /** The latest render's spec, for the socket's callbacks. */
  const latest = useEffectEvent(() => spec);
  /** A socket under this key was open before: one reopened with a new URL resumes the stream. */
  const openedBefore = useRef<{ key: string } | null>(null);
  const url = spec?.url() ?? null;
  useEffect(() => {
    if (url === null) return undefined;
    return hub.open(key, {
      url: () => latest()?.url() ?? url,
      onMessage: (data) => latest()?.onMessage(data),
      onStatus: (status, detail) => {
        if (status === 'open') openedBefore.current = { key };
        latest()?.onStatus?.(status, detail);
      },
      shouldReconnect: (code) => latest()?.shouldReconnect?.(code) ?? true,
      onGap: () => latest()?.onGap?.(),
      resumes: openedBefore.current?.key === key,
    });
  }, [hub, key, url]);
}
