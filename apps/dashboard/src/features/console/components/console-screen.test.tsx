import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEvent, InstanceInfo, InstanceState } from '@hearth/protocol';
import { createQueryClient } from '@/lib/query-client.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import { RealtimeProvider } from '@/lib/realtime/realtime-hooks.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeResponse } from '@/test/fake-fetch.ts';
import { SQUID_GAME, TEST_CORE, TEST_CORE_HOST, instanceInfo, validJwt } from '@/test/fixtures.ts';
import { ManualTimers } from '@/test/manual-timers.ts';
import { connectTo } from '@/test/render-app.tsx';
import { INSTANCE_UUID, instanceEvent, outputEvent, outputRun } from '../test-events.ts';
import { ConsoleScreen } from './console-screen.tsx';
import { CONSOLE_ROW_HEIGHT } from './console-output.tsx';

const BUFFER = `GET /instance/${INSTANCE_UUID}/console/buffer`;
const SEND = `POST /instance/${INSTANCE_UUID}/console`;
const VIEW_HEIGHT = 200;

function instance(state: InstanceState = 'Running', uuid = INSTANCE_UUID): InstanceInfo {
  return instanceInfo({
    uuid,
    name: 'Squid',
    game_type: SQUID_GAME,
    description: '',
    version: '1.21',
    path: '/data/instances/squid',
    state,
  });
}

interface Options {
  state?: InstanceState;
  canAccess?: boolean;
  buffer?: FakeResponse | (() => Promise<FakeResponse>);
  uuid?: string;
  /** The hub's timers (its reconnects); real ones, 10 ms apart, unless given. */
  timers?: ManualTimers;
}

function renderConsole(options: Options = {}) {
  const token = validJwt();
  connectTo(TEST_CORE, token);
  const bufferAnswer = options.buffer ?? { body: [] as ClientEvent[] };
  const network = installFakeFetch({
    [TEST_CORE_HOST]: {
      [BUFFER]: typeof bufferAnswer === 'function' ? () => bufferAnswer() : bufferAnswer,
      [SEND]: { body: null },
    },
  });
  const queryClient = createQueryClient({ retry: false });
  const hub = new RealtimeHub({
    createSocket: (url) => new FakeSocket(url),
    reconnectMs: 10,
    ...(options.timers ? { timers: options.timers } : {}),
  });
  const user = userEvent.setup();
  const ui = (props: Options) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider hub={hub}>
        <div style={{ height: 600 }}>
          <ConsoleScreen
            instance={instance(props.state, props.uuid)}
            canAccessConsole={props.canAccess ?? true}
          />
        </div>
      </RealtimeProvider>
    </QueryClientProvider>
  );
  const view = render(ui(options));
  return {
    ...view,
    network,
    user,
    token,
    hub,
    rerenderWith: (next: Options) => view.rerender(ui(next)),
  };
}

const statusNamed = (name: string) => screen.findByRole('status', { name });
const commandInput = () => screen.getByRole('textbox', { name: 'Console command' });
const shownLines = () =>
  Array.from(
    screen.getByRole('log', { name: 'Console output' }).querySelectorAll('[data-index]'),
  ).map((row) => row.textContent);

async function openLive(lines: string[] = []) {
  const socket = await waitFor(() => FakeSocket.last());
  act(() => socket.open());
  for (const line of lines) act(() => socket.push(outputEvent(line)));
  return socket;
}

beforeEach(() => {
  // jsdom lays nothing out: give every element a viewport so the virtualizer draws rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEW_HEIGHT);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('data: history, live lines, dedupe', () => {
  it('takes runs of lines and events in one message (batch=lines), arrays of events and single events', async () => {
    renderConsole({ buffer: { body: [] } });
    const socket = await openLive();
    act(() =>
      socket.push(
        JSON.stringify([
          outputRun(['run 1', 'run 2']),
          instanceEvent({ type: 'SystemMessage', message: 'system note' }),
          outputRun(['other console'], { instance: 'INSTANCE_other' }),
          { ...outputRun(['uneven']), snowflakes: [] },
          outputEvent('batched 3'),
          { not: 'an event' },
        ]),
      ),
    );
    act(() => socket.push(JSON.stringify([outputEvent('batched 4'), outputEvent('batched 5')])));
    act(() => socket.push(outputEvent('single 6')));
    expect(await screen.findByText('single 6')).toBeInTheDocument();
    expect(shownLines()).toEqual([
      'run 1',
      'run 2',
      'batched 3',
      'batched 4',
      'batched 5',
      'single 6',
    ]);
  });

  it('shows the history, then live lines, each snowflake once, only InstanceOutput', async () => {
    const first = outputEvent('[12:00:00] [Server thread/INFO]: Starting server');
    const { token } = renderConsole({ buffer: { body: [first, outputEvent('second line')] } });
    expect(await screen.findByText('second line')).toBeInTheDocument();
    const socket = await openLive();
    expect(socket.url).toBe(
      `ws://core.test:16662/api/v1/instance/${INSTANCE_UUID}/console/stream?token=Bearer%20${token}&batch=lines`,
    );
    act(() => {
      socket.push(first);
      socket.push(outputEvent('live line'));
      socket.push(instanceEvent({ type: 'SystemMessage', message: 'system note' }));
      socket.push(outputEvent('other console', { instance: 'INSTANCE_other' }));
      socket.push('not json');
    });
    expect(await screen.findByText('live line')).toBeInTheDocument();
    expect(shownLines()).toEqual([
      '[12:00:00] [Server thread/INFO]: Starting server',
      'second line',
      'live line',
    ]);
  });

  it('live lines that beat the history wait for it, so the order holds', async () => {
    let answer!: (response: FakeResponse) => void;
    const historyAnswer = new Promise<FakeResponse>((resolve) => (answer = resolve));
    renderConsole({ buffer: () => historyAnswer });
    const socket = await openLive();
    const old = outputEvent('old line');
    const overlap = outputEvent('overlap');
    act(() => {
      socket.push(overlap);
      socket.push(outputEvent('newest'));
    });
    expect(screen.queryByText('newest')).not.toBeInTheDocument();
    await act(async () => answer({ body: [old, overlap] }));
    await waitFor(() => expect(shownLines()).toEqual(['old line', 'overlap', 'newest']));
  });

  it('without lines it says so', async () => {
    renderConsole();
    await openLive();
    expect(await screen.findByText('No console messages yet')).toBeInTheDocument();
  });
});

describe('status → tooltip and input placeholder', () => {
  it('loading → buffered → live', async () => {
    let answer!: (response: FakeResponse) => void;
    renderConsole({ buffer: () => new Promise<FakeResponse>((resolve) => (answer = resolve)) });
    expect(await statusNamed('Loading console...')).toBeInTheDocument();
    await act(async () => answer({ body: [] }));
    expect(await statusNamed('History messages. No live updates')).toBeInTheDocument();
    await openLive();
    expect(await statusNamed('Console is live')).toBeInTheDocument();
    expect(commandInput()).toBeEnabled();
    expect(commandInput()).toHaveAttribute('placeholder', 'Enter command...');
  });

  it('the tooltip shows the status text on hover', async () => {
    const { user } = renderConsole();
    await openLive();
    await user.hover(await statusNamed('Console is live'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Console is live');
    // A status, not a control: no Tab stop (its text is its accessible name).
    expect(await statusNamed('Console is live')).not.toHaveAttribute('tabindex');
  });

  it('a failed history with a live socket is live-no-buffer', async () => {
    renderConsole({ buffer: { status: 500, body: { kind: 'Internal', causes: ['boom'] } } });
    await openLive();
    expect(
      await statusNamed(
        'Console is live but failed to fetch history. Your internet connection may be unstable',
      ),
    ).toBeInTheDocument();
  });

  it('close code 1000 → closed, input disabled, no reconnect', async () => {
    const timers = new ManualTimers();
    renderConsole({ timers });
    const socket = await openLive();
    act(() => socket.serverClose(1000));
    expect(await statusNamed('Console is closed')).toBeInTheDocument();
    expect(commandInput()).toBeDisabled();
    expect(commandInput()).toHaveAttribute('placeholder', 'Console is closed');
    // No reconnect is waiting, and running every timer there is opens nothing.
    expect(timers.pending).toBe(0);
    act(() => timers.fireAll());
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('a lost connection shows the error, reconnects and fetches history again', async () => {
    const { network } = renderConsole({ buffer: { body: [outputEvent('before')] } });
    const socket = await openLive();
    act(() => socket.serverClose(1006));
    expect(await statusNamed('Connection lost or error')).toBeInTheDocument();
    expect(commandInput()).toBeEnabled();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    act(() => FakeSocket.last().open());
    expect(await statusNamed('Console is live')).toBeInTheDocument();
    await waitFor(() =>
      expect(network.callsTo('GET', `/instance/${INSTANCE_UUID}/console/buffer`)).toHaveLength(2),
    );
    expect(screen.getAllByText('before')).toHaveLength(1);
  });

  it('a stopped instance: "Instance is stopped", input disabled', async () => {
    renderConsole({ state: 'Stopped' });
    await openLive();
    expect(await statusNamed('Instance is stopped')).toBeInTheDocument();
    expect(commandInput()).toBeDisabled();
    expect(commandInput()).toHaveAttribute('placeholder', 'Instance is stopped');
    expect(screen.getByText('Stopped')).toBeInTheDocument();
  });

  it('without permission: the spec text, no request and no socket', async () => {
    const { network } = renderConsole({ canAccess: false });
    expect(
      screen.getByText("You don't have permission to access this console"),
    ).toBeInTheDocument();
    expect(await statusNamed('No permission to access console')).toBeInTheDocument();
    expect(commandInput()).toBeDisabled();
    expect(commandInput()).toHaveAttribute('placeholder', 'No permission');
    expect(network.calls).toHaveLength(0);
    expect(FakeSocket.instances).toHaveLength(0);
  });
});

describe('search', () => {
  const lines = [
    '[INFO]: Done (1.2s)!',
    '[WARN]: Can not keep up',
    '[INFO]: Player joined',
    'a [bracket',
  ];

  it('filters with a case-insensitive regex by default; an invalid one matches nothing', async () => {
    const { user } = renderConsole({ buffer: { body: lines.map((l) => outputEvent(l)) } });
    await screen.findByText('a [bracket');
    const search = screen.getByRole('searchbox', { name: 'Search console' });
    expect(search).toHaveAttribute('placeholder', 'Search console...');
    expect(screen.getByRole('checkbox', { name: 'Regex' })).toBeChecked();

    await user.type(search, 'info.*(done|joined)');
    await waitFor(() =>
      expect(shownLines()).toEqual(['[INFO]: Done (1.2s)!', '[INFO]: Player joined']),
    );

    await user.clear(search);
    await user.type(search, '[[bracket');
    await waitFor(() => expect(shownLines()).toEqual([]));
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('No lines match the search')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Regex' }));
    await user.clear(search);
    await user.type(search, 'A [[BRACKET');
    await waitFor(() => expect(shownLines()).toEqual(['a [bracket']));
  });

  it('new lines that match show up while searching', async () => {
    const { user } = renderConsole({ buffer: { body: lines.map((l) => outputEvent(l)) } });
    await screen.findByText('a [bracket');
    await user.type(screen.getByRole('searchbox', { name: 'Search console' }), 'warn');
    const socket = await openLive();
    act(() => {
      socket.push(outputEvent('[WARN]: second warning'));
      socket.push(outputEvent('[INFO]: unrelated'));
    });
    await waitFor(() =>
      expect(shownLines()).toEqual(['[WARN]: Can not keep up', '[WARN]: second warning']),
    );
  });
});

describe('commands and history', () => {
  it('Enter sends the command as a JSON string, remembers it and clears the input', async () => {
    const { user, network } = renderConsole();
    await openLive();
    await user.type(commandInput(), 'say hello{Enter}');
    await waitFor(() =>
      expect(network.callsTo('POST', `/instance/${INSTANCE_UUID}/console`)).toHaveLength(1),
    );
    const [call] = network.callsTo('POST', `/instance/${INSTANCE_UUID}/console`);
    expect(call?.body).toBe('say hello');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(commandInput()).toHaveValue('');
    await user.type(commandInput(), '   {Enter}');
    expect(network.callsTo('POST', `/instance/${INSTANCE_UUID}/console`)).toHaveLength(1);
  });

  it("announces the reply to the user's own command, politely, and never a flood", async () => {
    const { user } = renderConsole();
    const socket = await openLive(['[Server] booting']);
    const reply = screen.getByRole('status', { name: 'Command reply' });
    expect(reply).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('log', { name: 'Console output' })).toHaveAttribute('aria-live', 'off');
    // Lines nobody asked for are not read out.
    for (let i = 0; i < 40; i++) act(() => socket.push(outputEvent(`flood ${i}`)));
    expect(reply).toHaveTextContent(/^$/);

    await user.type(commandInput(), 'list{Enter}');
    await waitFor(() =>
      expect(screen.getAllByRole('textbox', { name: 'Console command' })[0]).toHaveValue(''),
    );
    act(() => socket.push(outputEvent('There are 2 of a max of 20 players online: a, b')));
    await waitFor(() => expect(reply).toHaveTextContent('There are 2 of a max of 20 players'));
    // A reply that turns into a flood is read for its first lines only.
    for (let i = 0; i < 40; i++) act(() => socket.push(outputEvent(`spam ${i}`)));
    await waitFor(() => expect(reply).toHaveTextContent('spam 1'));
    await waitFor(() => expect(shownLines()).toContain('spam 39'));
    expect(reply).not.toHaveTextContent('spam 2');
    expect(reply).not.toHaveTextContent('spam 39');
  });

  it('Up and Down walk the history, which survives a remount and is per instance', async () => {
    const first = renderConsole();
    await openLive();
    const { user } = first;
    await user.type(commandInput(), 'list{Enter}');
    await user.type(commandInput(), 'say hi{Enter}');
    await user.type(commandInput(), 'dra');
    await user.keyboard('{ArrowUp}');
    expect(commandInput()).toHaveValue('say hi');
    await user.keyboard('{ArrowUp}');
    expect(commandInput()).toHaveValue('list');
    await user.keyboard('{ArrowUp}');
    expect(commandInput()).toHaveValue('list');
    await user.keyboard('{ArrowDown}');
    expect(commandInput()).toHaveValue('say hi');
    await user.keyboard('{ArrowDown}');
    expect(commandInput()).toHaveValue('dra');
    first.unmount();

    const again = renderConsole();
    await openLive();
    await again.user.click(commandInput());
    await again.user.keyboard('{ArrowUp}');
    expect(commandInput()).toHaveValue('say hi');

    again.rerenderWith({ uuid: 'INSTANCE_other' });
    await again.user.click(commandInput());
    await again.user.keyboard('{ArrowUp}');
    expect(commandInput()).toHaveValue('');
  });
});

describe('auto-scroll (10 px rule)', () => {
  /** Gives the log element a layout: content height from the virtual size, a settable scrollTop. */
  function layOut(log: HTMLElement) {
    let top = 0;
    const contentHeight = () =>
      parseFloat((log.firstElementChild as HTMLElement | null)?.style.height ?? '0') || 0;
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: contentHeight });
    Object.defineProperty(log, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => (top = Math.max(0, Math.min(value, contentHeight() - VIEW_HEIGHT))),
    });
    return {
      maxTop: () => contentHeight() - VIEW_HEIGHT,
      scrollTo: (value: number) => {
        top = value;
        fireEvent.scroll(log);
      },
      top: () => top,
    };
  }

  const history = Array.from({ length: 40 }, (_, i) => outputEvent(`line ${i}`));

  /** The 40 lines of history on screen, the log laid out, the live socket open. */
  async function liveLog() {
    renderConsole({ buffer: { body: history } });
    await screen.findByText('line 39');
    const log = screen.getByRole('log', { name: 'Console output' });
    const layout = layOut(log);
    const socket = await openLive();
    return { log, layout, socket };
  }

  it('follows new lines when within 10 px of the bottom', async () => {
    const { layout, socket } = await liveLog();
    layout.scrollTo(layout.maxTop() - 10);
    act(() => socket.push(outputEvent('new 1')));
    await waitFor(() => expect(layout.top()).toBe(layout.maxTop()));
    expect(layout.maxTop()).toBe(41 * CONSOLE_ROW_HEIGHT + 16 - VIEW_HEIGHT);
  });

  it('following the end updates the drawn rows in place instead of replacing them', async () => {
    const { log, layout, socket } = await liveLog();
    layout.scrollTo(layout.maxTop());
    const rows = () => Array.from(log.querySelectorAll('[data-index]'));
    const before = rows();
    act(() => {
      for (let i = 1; i <= 5; i++) socket.push(outputEvent(`new ${i}`));
    });
    await screen.findByText('new 5');
    expect(shownLines().at(-1)).toBe('new 5');
    expect(rows()).toHaveLength(before.length);
    expect(new Set(rows())).toEqual(new Set(before));
  });

  it('after following the end, scrolling up draws the rows at the new position', async () => {
    const { layout, socket } = await liveLog();
    layout.scrollTo(layout.maxTop());
    act(() => socket.push(outputEvent('new 1')));
    await waitFor(() => expect(layout.top()).toBe(layout.maxTop()));
    layout.scrollTo(0);
    expect(await screen.findByText('line 0')).toBeInTheDocument();
    expect(screen.queryByText('new 1')).toBeNull();
  });

  it('stays put when the reader scrolled further up', async () => {
    const { log, layout, socket } = await liveLog();
    const before = layout.maxTop() - 11;
    layout.scrollTo(before);
    act(() => socket.push(outputEvent('new 1')));
    await waitFor(() => expect(layout.maxTop()).toBe(41 * CONSOLE_ROW_HEIGHT + 16 - VIEW_HEIGHT));
    expect(layout.top()).toBe(before);
    const jump = within(log.parentElement!).getByRole('button', { name: 'Jump to latest' });
    fireEvent.click(jump);
    expect(layout.top()).toBe(layout.maxTop());
  });
});
