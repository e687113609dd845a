import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { encodeSnowflake, logEntryOfActivity, logEntryOfEvent } from '@hearth/protocol';
import type { CausedBy, ClientEvent, EventInner, LogEntry, LogPage } from '@hearth/protocol';
import { FakeSocket } from '@/test/fake-socket.ts';
import type { FakeRequest } from '@/test/fake-fetch.ts';
import { instanceInfo, publicUser } from '@/test/fixtures.ts';
import { renderApp, signInWithInstances } from '@/test/render-app.tsx';

const UUID = 'INSTANCE_1';
const OWNER = publicUser({ uid: 'USER_owner', username: 'owner', is_owner: true });
const ALICE: CausedBy = { type: 'User', user_id: 'USER_alice', user_name: 'alice' };
const NOW = Date.now();
let seq = 0;

function entry(
  inner: EventInner,
  causedBy: CausedBy = { type: 'System' },
  agoMs = 60_000,
): LogEntry {
  const event: ClientEvent = {
    event_inner: inner,
    details: '',
    snowflake: encodeSnowflake(NOW - agoMs, ++seq % 4000),
    level:
      inner.type === 'InstanceEvent' && inner.instance_event_inner.type === 'InstanceError'
        ? 'Error'
        : 'Info',
    caused_by: causedBy,
  };
  const found = logEntryOfEvent(event, UUID);
  if (!found) throw new Error('not a log entry');
  return found;
}
const instanceEvent = (
  inner: Extract<EventInner, { type: 'InstanceEvent' }>['instance_event_inner'],
) =>
  ({
    type: 'InstanceEvent',
    instance_uuid: UUID,
    instance_name: 'My Server',
    instance_event_inner: inner,
  }) as const;

const HISTORY: LogEntry[] = [
  entry(instanceEvent({ type: 'StateTransition', to: 'Stopped' }), ALICE, 30 * 60_000),
  entry(instanceEvent({ type: 'InstanceInput', message: 'say hello' }), ALICE, 40 * 60_000),
  entry(
    instanceEvent({
      type: 'PlayerChange',
      player_list: [],
      players_joined: [{ type: 'GenericPlayer', id: 'steve', name: 'Steve' }],
      players_left: [],
    }),
    { type: 'System' },
    50 * 60_000,
  ),
  entry(
    {
      type: 'FSEvent',
      operation: 'Write',
      target: { type: 'File', path: '/data/instances/my-server/server.properties' },
    },
    ALICE,
    2 * 86_400_000,
  ),
];

function page(entries: LogEntry[], next: string | null = null): LogPage {
  return { entries, next_cursor: next };
}

function signedIn(search: (req: FakeRequest) => LogPage, user = OWNER) {
  return signInWithInstances(user, [instanceInfo({ uuid: UUID })], {
    'GET /user/list': { body: [OWNER, publicUser({ uid: 'USER_alice', username: 'alice' })] },
    'GET /activity/search': (req) => ({ body: search(req) }),
    'GET /activity/export': (req) => ({
      raw: req.url.searchParams.get('format') === 'csv' ? 'time,level\r\n' : '{}\n',
    }),
  });
}

async function logSocket(): Promise<FakeSocket> {
  const socket = await waitFor(() => FakeSocket.lastTo('/activity/stream'));
  act(() => socket.open());
  return socket;
}

const table = () => screen.findByRole('table', { name: 'Event log' });
const rowTitles = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.textContent);

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Event Logs tab', () => {
  it('lists the instance’s events newest first, in words, with who did them', async () => {
    const net = signedIn(() => page(HISTORY));
    renderApp(`/dashboard/logs?instance=${UUID}`);
    const t = await table();
    await within(t).findByText('Stopped by alice');
    expect(rowTitles(t)).toEqual([
      'Stopped by alice',
      'Command "say hello" sent by alice',
      'Steve joined',
      'Wrote server.properties by alice',
    ]);
    const rows = within(t).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[3]).toHaveTextContent('alice');
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent('System');
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent('30 minutes ago');
    // Older than a day: the date in en-US.
    expect(within(rows[3]!).getAllByRole('cell')[0]!.textContent).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}/,
    );
    const search = net.callsTo('GET', '/activity/search')[0]!;
    expect(search.url.searchParams.get('instance')).toBe(UUID);
    expect(screen.queryByText('Coming soon to a dashboard near you!')).toBeNull();
  });

  it('shows new events at the top as they happen, without a reload', async () => {
    signedIn(() => page(HISTORY.slice(0, 2)));
    renderApp(`/dashboard/logs?instance=${UUID}`);
    const t = await table();
    await within(t).findByText('Stopped by alice');
    const socket = await logSocket();
    expect(socket.url).toContain(`instance=${UUID}`);
    const live = entry(instanceEvent({ type: 'StateTransition', to: 'Starting' }), ALICE, 0);
    act(() => socket.push(live));
    await within(t).findByText('Started by alice');
    expect(rowTitles(t)[0]).toBe('Started by alice');
    // The same entry again (a replay) is not shown twice.
    act(() => socket.push(live));
    expect(rowTitles(t).filter((x) => x === 'Started by alice')).toHaveLength(1);
  });

  it('keeps the filters and the search in the URL and asks the core with them', async () => {
    const net = signedIn((req) =>
      page(req.url.searchParams.get('kind') === 'console' ? [HISTORY[1]!] : HISTORY),
    );
    const { user, router } = renderApp(`/dashboard/logs?instance=${UUID}`);
    await within(await table()).findByText('Stopped by alice');
    await user.click(screen.getByRole('button', { name: 'Kind: All kinds' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Console commands' }));
    await waitFor(() => expect(router.state.location.search).toContain('kind=console'));
    await waitFor(() =>
      expect(rowTitles(screen.getByRole('table', { name: 'Event log' }))).toEqual([
        'Command "say hello" sent by alice',
      ]),
    );
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'hello');
    await waitFor(() => expect(router.state.location.search).toContain('q=hello'));
    await waitFor(() =>
      expect(
        net.callsTo('GET', '/activity/search').some((c) => c.url.searchParams.get('q') === 'hello'),
      ).toBe(true),
    );
    await user.selectOptions(screen.getByLabelText('Time'), '24h');
    await waitFor(() => expect(router.state.location.search).toContain('range=24h'));
    const last = net.callsTo('GET', '/activity/search').at(-1)!;
    expect(Number(last.url.searchParams.get('from'))).toBeGreaterThan(
      Date.now() - 86_400_000 - 60_000,
    );
    expect(last.url.searchParams.get('kind')).toBe('console');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).not.toMatch(/kind=|q=|range=/));
    expect(router.state.location.search).toContain(`instance=${UUID}`);
  });

  it('opens a filtered view from a shared URL', async () => {
    const net = signedIn(() => page([HISTORY[0]!]));
    renderApp(`/dashboard/logs?instance=${UUID}&level=Error,Warning&who=USER_alice&q=stop`);
    await within(await table()).findByText('Stopped by alice');
    const search = net.callsTo('GET', '/activity/search')[0]!.url.searchParams;
    expect(search.get('level')).toBe('Error,Warning');
    expect(search.get('who')).toBe('USER_alice');
    expect(search.get('q')).toBe('stop');
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('stop');
  });

  it('expands a row to show its details', async () => {
    signedIn(() =>
      page([
        entry(
          instanceEvent({
            type: 'InstanceError',
            message: 'Server crashed (exit code 3)',
            reason: 'crash',
          }),
        ),
      ]),
    );
    const { user } = renderApp(`/dashboard/logs?instance=${UUID}`);
    const t = await table();
    const button = await within(t).findByRole('button', { name: 'Crashed, show details' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const row = within(t).getAllByRole('row')[1]!;
    expect(within(row).getByRole('button', { name: 'Crashed, hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(row).getByText('Server crashed (exit code 3)')).toBeInTheDocument();
    expect(within(row).getByText('Instance state')).toBeInTheDocument();
  });

  it('exports the filtered view as CSV and JSON lines', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:fake';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const net = signedIn(() => page(HISTORY));
    const { user } = renderApp(`/dashboard/logs?instance=${UUID}&kind=state`);
    await within(await table()).findByText('Stopped by alice');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csv = net.callsTo('GET', '/activity/export')[0]!.url.searchParams;
    expect(csv.get('format')).toBe('csv');
    expect(csv.get('kind')).toBe('state');
    expect(csv.get('instance')).toBe(UUID);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text).toBe('time,level\r\n');
    expect(
      await screen.findByText(/^Event log saved as hearth-event-log-[\dT-]+\.csv$/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export JSON lines' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(net.callsTo('GET', '/activity/export')[1]!.url.searchParams.get('format')).toBe('jsonl');
  });
});

describe('the owner-wide Event Logs', () => {
  it('shows every instance’s events with an Instance column and instance filter', async () => {
    const setting = logEntryOfActivity(
      {
        type: 'CoreSettingChanged',
        setting_id: 'core_name',
        setting_name: 'Core name',
        old_value: 'Old',
        new_value: 'New',
      },
      encodeSnowflake(NOW - 1000),
      { type: 'User', user_id: 'USER_owner', user_name: 'owner' },
    );
    const net = signedIn(() => page([setting, ...HISTORY]));
    const { user } = renderApp('/settings/events');
    const t = await table();
    await within(t).findByText('Core setting Core name changed by owner');
    expect(within(t).getByRole('columnheader', { name: 'Instance' })).toBeInTheDocument();
    expect(net.callsTo('GET', '/activity/search')[0]!.url.searchParams.get('instance')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Instance: All instances' }));
    await user.click(await screen.findByRole('checkbox', { name: 'My Server' }));
    await waitFor(() =>
      expect(net.callsTo('GET', '/activity/search').at(-1)!.url.searchParams.get('instance')).toBe(
        UUID,
      ),
    );
    expect(screen.getByRole('link', { name: 'Event Logs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('is the owner’s only', async () => {
    signedIn(() => page([]), publicUser({ uid: 'USER_bob', username: 'bob' }));
    renderApp('/settings/events');
    expect(
      await screen.findByText('Only the owner can see the whole core’s event log.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Event Logs' })).toBeNull();
  });
});
