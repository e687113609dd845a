import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-socket.ts';
import { RealtimeHub } from './socket-hub.ts';
import type { SocketStatus } from './socket-hub.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('RealtimeHub', () => {
  const hub = () => new RealtimeHub({ createSocket: (url) => new FakeSocket(url) });

  it('reopens a socket 1 s after an unexpected close, with a fresh URL', () => {
    let n = 0;
    const statuses: SocketStatus[] = [];
    hub().open('k', {
      url: () => `ws://x/${++n}`,
      onMessage: () => undefined,
      onStatus: (s) => statuses.push(s),
    });
    FakeSocket.last().open();
    FakeSocket.last().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances.map((s) => s.url)).toEqual(['ws://x/1', 'ws://x/2']);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting']);
  });

  it('does not reopen a socket it closed itself, nor one whose close code says stop', () => {
    const h = hub();
    const close = h.open('a', { url: () => 'ws://a', onMessage: () => undefined });
    close();
    expect(FakeSocket.last().closedWith).toBe(1000);
    h.open('b', {
      url: () => 'ws://b',
      onMessage: () => undefined,
      shouldReconnect: (code) => code !== 1000,
    });
    FakeSocket.last().serverClose(1000);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('reports a socket that cannot be created and keeps trying', () => {
    let attempts = 0;
    const statuses: SocketStatus[] = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = new RealtimeHub({
      createSocket: (url) => {
        attempts += 1;
        if (attempts === 1) throw new SyntaxError('bad url');
        return new FakeSocket(url);
      },
    });
    h.open('k', {
      url: () => 'ws://x',
      onMessage: () => undefined,
      onStatus: (s) => statuses.push(s),
    });
    expect(statuses).toEqual(['create-failed']);
    vi.advanceTimersByTime(1000);
    expect(attempts).toBe(2);
    expect(statuses).toEqual(['create-failed', 'connecting']);
  });

  it('replaces a socket opened again under the same key', () => {
    const h = hub();
    h.open('k', { url: () => 'ws://1', onMessage: () => undefined });
    h.open('k', { url: () => 'ws://2', onMessage: () => undefined });
    expect(FakeSocket.instances[0]?.closedWith).toBe(1000);
    h.closeAll();
    expect(FakeSocket.instances[1]?.closedWith).toBe(1000);
    expect(h.isOpen('k')).toBe(false);
  });

  it('tells the owner about a gap when a socket opens again, not on the first open', () => {
    const gaps: string[] = [];
    const statuses: SocketStatus[] = [];
    hub().open('k', {
      url: () => 'ws://x',
      onMessage: () => undefined,
      onStatus: (s) => statuses.push(s),
      onGap: () => gaps.push(`gap after ${statuses.at(-1)}`),
    });
    FakeSocket.last().open();
    expect(gaps).toEqual([]);
    FakeSocket.last().serverClose(1006);
    vi.advanceTimersByTime(1000);
    expect(gaps).toEqual([]);
    FakeSocket.last().open();
    expect(gaps).toEqual(['gap after open']);
  });

  it('counts the first open of a socket that resumes an earlier one as a gap', () => {
    const gaps: number[] = [];
    hub().open('k', {
      url: () => 'ws://x',
      onMessage: () => undefined,
      onGap: () => gaps.push(1),
      resumes: true,
    });
    FakeSocket.last().open();
    expect(gaps).toEqual([1]);
  });
});
