import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { FakeSocket } from '@/test/fake-socket.ts';
import { ManualTimers } from '@/test/manual-timers.ts';
import { publishResync } from './event-handlers.ts';
import { useEventResync } from './event-hooks.ts';
import { RealtimeProvider } from './realtime-hooks.ts';
import { useManagedSocket } from './use-managed-socket.ts';
import { RealtimeHub } from './socket-hub.ts';
import type { SocketSpec } from './socket-hub.ts';

let hub: RealtimeHub;
afterEach(() => hub.closeAll());

function wrapper({ children }: { children: ReactNode }) {
  return <RealtimeProvider hub={hub}>{children}</RealtimeProvider>;
}

describe('useManagedSocket', () => {
  it('opens the socket while mounted, reopens after a drop and reports the gap', () => {
    const timers = new ManualTimers();
    hub = new RealtimeHub({ createSocket: (url) => new FakeSocket(url), timers });
    const gaps: string[] = [];
    const spec: SocketSpec = {
      url: () => 'ws://x/a',
      onMessage: () => undefined,
      onGap: () => gaps.push('gap'),
    };
    const { unmount } = renderHook(() => useManagedSocket('k', spec), { wrapper });
    FakeSocket.last().open();
    FakeSocket.last().serverClose(1006);
    timers.fireAll();
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last().open();
    expect(gaps).toEqual(['gap']);
    unmount();
    expect(FakeSocket.last().closedWith).toBe(1000);
  });

  it('a new URL for the same stream (a new token) resumes it: its first open is a gap', () => {
    hub = new RealtimeHub({ createSocket: (url) => new FakeSocket(url) });
    const gaps: string[] = [];
    const specFor = (url: string): SocketSpec => ({
      url: () => url,
      onMessage: () => undefined,
      onGap: () => gaps.push(url),
    });
    const { rerender } = renderHook(({ url }) => useManagedSocket('k', specFor(url)), {
      wrapper,
      initialProps: { url: 'ws://x/1' },
    });
    FakeSocket.last().open();
    rerender({ url: 'ws://x/2' });
    expect(FakeSocket.instances.map((s) => s.closedWith)).toEqual([1000, null]);
    FakeSocket.last().open();
    expect(gaps).toEqual(['ws://x/2']);
  });

  it('a socket that never opened does not make the next one a gap', () => {
    hub = new RealtimeHub({ createSocket: (url) => new FakeSocket(url) });
    const gaps: string[] = [];
    const { rerender } = renderHook(
      ({ url }) =>
        useManagedSocket('k', {
          url: () => url,
          onMessage: () => undefined,
          onGap: () => gaps.push(url),
        }),
      { wrapper, initialProps: { url: 'ws://x/1' } },
    );
    rerender({ url: 'ws://x/2' });
    FakeSocket.last().open();
    expect(gaps).toEqual([]);
  });
});

describe('useEventResync', () => {
  it('hears the resync while mounted, with the query client', () => {
    hub = new RealtimeHub({ createSocket: (url) => new FakeSocket(url) });
    const queryClient = new QueryClient();
    const heard: QueryClient[] = [];
    const { unmount } = renderHook(() => useEventResync((c) => heard.push(c.queryClient)), {
      wrapper,
    });
    publishResync(queryClient);
    unmount();
    publishResync(queryClient);
    expect(heard).toEqual([queryClient]);
  });
});
