import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ClientEvent } from '@hearth/protocol';
import { FakeSocket } from '@/test/fake-socket.ts';
import { TEST_CORE } from '@/test/fixtures.ts';
import type { ConnectionAction } from '../connection-status.ts';
import { addEventHandler, addHearthEventHandler, addResyncHandler } from './event-handlers.ts';
import { eventStreamUrl, parseEventFrame, startEventStream } from './event-stream.ts';
import { RealtimeHub } from './socket-hub.ts';

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

const cleanups: (() => void)[] = [];
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.useRealTimers();
});

/** Records what the handlers hear: `snowflake` for fresh events, `snowflake (history)`, `resync`. */
function listen(): string[] {
  const heard: string[] = [];
  cleanups.push(
    addEventHandler((e, { fresh }) => heard.push(fresh ? e.snowflake : `${e.snowflake} (history)`)),
    addResyncHandler(() => heard.push('resync')),
  );
  return heard;
}

/** A buffer endpoint the test answers by hand, one call at a time. */
function manualBuffer() {
  const answers: { resolve: (e: ClientEvent[]) => void; reject: (err: Error) => void }[] = [];
  const fetchBuffer = vi.fn(
    () => new Promise<ClientEvent[]>((resolve, reject) => answers.push({ resolve, reject })),
  );
  return { fetchBuffer, answers };
}

function start(fetchBuffer: () => Promise<ClientEvent[]>, report?: (a: ConnectionAction) => void) {
  const end = startEventStream({
    hub: new RealtimeHub({ createSocket: (url) => new FakeSocket(url) }),
    queryClient: new QueryClient(),
    core: TEST_CORE,
    token: 'tok',
    fetchBuffer,
    ...(report ? { report } : {}),
  });
  cleanups.push(end);
  return end;
}

describe('event stream', () => {
  it('connects to /events/all/stream with the URL-encoded EventQuery carrying the token', () => {
    const url = eventStreamUrl(TEST_CORE, 'a.b.c');
    expect(url.startsWith('ws://core.test:16662/api/v1/events/all/stream?filter=')).toBe(true);
    const filter = JSON.parse(new URL(url).searchParams.get('filter') ?? '') as Record<
      string,
      unknown
    >;
    expect(filter).toMatchObject({ bearer_token: 'a.b.c', event_levels: null, event_types: null });
    expect(eventStreamUrl({ ...TEST_CORE, protocol: 'https' }, 't').startsWith('wss://')).toBe(
      true,
    );
  });

  it("asks for Hearth's own frames too (hearth=1; a Lodestone core ignores the parameter)", () => {
    expect(new URL(eventStreamUrl(TEST_CORE, 't')).searchParams.get('hearth')).toBe('1');
  });

  it('hands a MacrosChanged frame to the Hearth handlers, not to the event handlers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const heard = listen();
    const hearth: string[] = [];
    cleanups.push(addHearthEventHandler((e) => hearth.push(`${e.type} ${e.instance_uuid}`)));
    const { fetchBuffer, answers } = manualBuffer();
    start(fetchBuffer);
    FakeSocket.last().open();
    answers[0]!.resolve([]);
    await vi.runAllTimersAsync();
    FakeSocket.last().push({ type: 'MacrosChanged', instance_uuid: 'INSTANCE_1' });
    expect(hearth).toEqual(['MacrosChanged INSTANCE_1']);
    expect(heard).toEqual(['resync']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('asks for a resync when the socket first opens, once: the stream does not replay', () => {
    const heard = listen();
    const { fetchBuffer } = manualBuffer();
    start(fetchBuffer);
    expect(heard).toEqual([]);
    FakeSocket.last().open();
    expect(heard).toEqual(['resync']);
    FakeSocket.last().push(event('1'));
    expect(heard).toEqual(['resync', '1']);
  });

  it('parses frames with the protocol schema and drops anything else', () => {
    expect(parseEventFrame(JSON.stringify(event('1')))?.snowflake).toBe('1');
    expect(parseEventFrame('{"event_inner":{"type":"Nope"}}')).toBeNull();
    expect(parseEventFrame('not json')).toBeNull();
  });

  it('replays the buffer as history, passes live frames as fresh, dedupes and reports socket status', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const heard = listen();
    const reports: ConnectionAction['type'][] = [];
    const { fetchBuffer, answers } = manualBuffer();
    const end = start(fetchBuffer, (a) => reports.push(a.type));
    expect(fetchBuffer).toHaveBeenCalledWith(TEST_CORE, 'tok');
    const socket = FakeSocket.last();
    socket.open();
    socket.push(event('2'));
    socket.push('garbage');
    answers[0]!.resolve([event('1'), event('2')]);
    await vi.runAllTimersAsync();
    socket.fail();
    socket.serverClose(1006);
    vi.advanceTimersByTime(1000);
    FakeSocket.last().open();
    end();
    // The first open resyncs (what was fetched before it could be stale); the reopen has no gap
    // fill here because the stream ended before its buffer answered.
    expect(heard).toEqual(['resync', '2', '1 (history)']);
    expect(reports).toEqual(['socket-open', 'socket-error', 'socket-open']);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.last().closedWith).toBe(1000);
  });

  it('after a gap: replays the missed events before newer live ones, then asks for a resync', async () => {
    const heard = listen();
    const { fetchBuffer, answers } = manualBuffer();
    start(fetchBuffer);
    FakeSocket.last().open();
    answers[0]!.resolve([event('1')]);
    await vi.runAllTimersAsync();
    FakeSocket.last().push(event('2'));
    FakeSocket.last().serverClose(1006);

    vi.advanceTimersByTime(1000);
    const again = FakeSocket.last();
    again.open();
    expect(fetchBuffer).toHaveBeenCalledTimes(2);
    again.push(event('5'));
    expect(heard).toEqual(['resync', '1 (history)', '2']);
    answers[1]!.resolve([event('1'), event('2'), event('3'), event('4'), event('5')]);
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['resync', '1 (history)', '2', '3', '4', '5', 'resync']);
    again.push(event('6'));
    expect(heard.at(-1)).toBe('6');
  });

  it('when the buffer cannot be fetched after a gap, it lets live events through and still resyncs', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const heard = listen();
    const { fetchBuffer, answers } = manualBuffer();
    start(fetchBuffer);
    FakeSocket.last().open();
    answers[0]!.resolve([]);
    FakeSocket.last().push(event('1'));
    FakeSocket.last().serverClose(1006);
    vi.advanceTimersByTime(1000);
    FakeSocket.last().open();
    FakeSocket.last().push(event('3'));
    answers[1]!.reject(new Error('offline'));
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['resync', '1', '3', 'resync']);
  });

  it('only the answer for the newest gap counts, and nothing is heard after stop', async () => {
    const heard = listen();
    const { fetchBuffer, answers } = manualBuffer();
    const end = start(fetchBuffer);
    FakeSocket.last().open();
    answers[0]!.resolve([event('1')]);
    await vi.runAllTimersAsync();
    for (let i = 0; i < 2; i++) {
      FakeSocket.last().serverClose(1006);
      vi.advanceTimersByTime(1000);
      FakeSocket.last().open();
    }
    answers[1]!.resolve([event('1'), event('2')]);
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['resync', '1 (history)']);
    answers[2]!.resolve([event('1'), event('2'), event('3')]);
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['resync', '1 (history)', '2', '3', 'resync']);

    FakeSocket.last().serverClose(1006);
    vi.advanceTimersByTime(1000);
    FakeSocket.last().open();
    end();
    answers[3]!.resolve([event('4')]);
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['resync', '1 (history)', '2', '3', 'resync']);
  });
});
