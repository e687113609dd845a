import { createContext, createElement, useContext } from 'react';
import type { ReactNode } from 'react';
import type { RealtimeHub } from './socket-hub.ts';

// The React side of the realtime plumbing: one hub per app, provided here. What uses it lives
// apart, so the first load carries only the provider: the event stream (use-event-stream.ts),
// its subscriptions (event-hooks.ts) and the console and monitor sockets (use-managed-socket.ts).

const HubContext = createContext<RealtimeHub | null>(null);

export function RealtimeProvider({ hub, children }: { hub: RealtimeHub; children: ReactNode }) {
  return createElement(HubContext.Provider, { value: hub }, children);
}

export function useRealtimeHub(): RealtimeHub {
  const hub = useContext(HubContext);
  if (!hub) throw new Error('useRealtimeHub needs a RealtimeProvider');
  return hub;
}
