import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentCore, useCurrentToken } from '../session.ts';
import { isUsableToken } from '../token.ts';
import { startEventStream } from './event-stream.ts';
import { useRealtimeHub } from './realtime-hooks.ts';

/** Runs the event stream for the current core while a usable token exists. */
export function useEventStream(): void {
  const hub = useRealtimeHub();
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  const token = useCurrentToken();
  useEffect(() => {
    if (!core || !token || !isUsableToken(token)) return undefined;
    return startEventStream({ hub, queryClient, core, token });
  }, [hub, queryClient, core, token]);
}
