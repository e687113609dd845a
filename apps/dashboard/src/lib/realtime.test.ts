import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ClientEvent } from '@hearth/protocol';
import { FakeSocket } from '@/test/fake-socket.ts';
import { TEST_CORE } from '@/test/fixtures.ts';
import type { ConnectionAction } from './connection-status.ts';
import {
  RealtimeHub,
  addEventHandler,
  eventStreamUrl,
  parseEventFrame,
  startEventStream,
} from './realtime.ts';
import type { SocketStatus } from './realtime.ts';

function event(snowflake: string, name = 'Server'): ClientEvent {
  return {
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: 'INSTANCE_1',
      instance_name: name,
      instance_event_inner: { type: 'StateTransition', to: 'Running' },
    },
    details: '',
    snowflake,
    level: 'Info',
    caused_by: { type: 'System' },
  };
}

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
});

describe('event stream', () => {
  it('connects to /events/all/stream with the URL-encoded EventQuery carrying the token', () => {
    const url = eventStreamUrl(TEST_CORE, 'a.b.c');
    expect(url.startsWith('ws://core.test:16662/api/v1/events/all/stream?filter=')).toBe(true);
    const filter = JSON.parse(decodeURIComponent(url.split('filter=')[1] ?? '')) as Record<
      string,
      unknown
    >;
    expect(filter).toMatchObject({ bearer_token: 'a.b.c', event_levels: null, event_types: null });
    expect(eventStreamUrl({ ...TEST_CORE, protocol: 'https' }, 't').startsWith('wss://')).toBe(
      true,
    );
  });

  it('parses frames with the protocol schema and drops anything else', () => {
    expect(parseEventFrame(JSON.stringify(event('1')))?.snowflake).toBe('1');
    expect(parseEventFrame('{"event_inner":{"type":"Nope"}}')).toBeNull();
    expect(parseEventFrame('not json')).toBeNull();
  });

  it('replays the buffer as not fresh, passes live frames as fresh, dedupes and reports socket status', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen: [string, boolean][] = [];
    const stop = addEventHandler((e, { fresh }) => seen.push([e.snowflake, fresh]));
    const reports: ConnectionAction['type'][] = [];
    let resolveBuffer: (events: ClientEvent[]) => void = () => undefined;
    const fetchBuffer = vi.fn(
      () => new Promise<ClientEvent[]>((resolve) => (resolveBuffer = resolve)),
    );
    const end = startEventStream({
      hub: new RealtimeHub({ createSocket: (url) => new FakeSocket(url) }),
      queryClient: new QueryClient(),
      core: TEST_CORE,
      token: 'tok',
      report: (a) => reports.push(a.type),
      fetchBuffer,
    });
    expect(fetchBuffer).toHaveBeenCalledWith(TEST_CORE, 'tok');
    const socket = FakeSocket.last();
    socket.open();
    socket.push(event('2'));
    socket.push('garbage');
    resolveBuffer([event('1'), event('2')]);
    await vi.runAllTimersAsync();
    socket.fail();
    socket.serverClose(1006);
    vi.advanceTimersByTime(1000);
    FakeSocket.last().open();
    end();
    stop();
    expect(seen).toEqual([
      ['2', true],
      ['1', false],
    ]);
    expect(reports).toEqual(['socket-open', 'socket-error', 'socket-open']);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.last().closedWith).toBe(1000);
  });
});
