import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { encodeSnowflake, logEntryOfEvent } from '@hearth/protocol';
import type { LogEntry } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { instanceEvent } from '@/test/fixtures.ts';
import { LogList, type LogListProps } from './log-list.tsx';
import { logColumns } from './log-row.tsx';

const START = Date.UTC(2026, 10, 26, 10, 32, 15);
let seq = 0;

function entryAt(ms: number): LogEntry {
  const found = logEntryOfEvent(
    {
      ...instanceEvent('A', 'Alpha', { type: 'StateTransition', to: 'Running' }),
      snowflake: encodeSnowflake(ms, ++seq % 4000),
    },
    'A',
  );
  if (!found) throw new Error('not a log entry');
  return found;
}

const LOOKUPS = { users: new Map(), instances: new Map() };
function list(entries: LogEntry[], showInstance = true) {
  const props: LogListProps = {
    entries,
    lookups: LOOKUPS,
    showInstance,
    hasMore: false,
    loadingMore: false,
    onLoadMore: () => {},
    emptyText: 'No events',
  };
  return <LogList {...props} />;
}
const timeCells = (table = 'Event log') =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!);

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('event log times', () => {
  it('relative times move on while the list is open', () => {
    render(list([entryAt(START - 56_000)]));
    expect(timeCells()[0]).toHaveTextContent('56 seconds ago');
    act(() => {
      vi.advanceTimersByTime(23_000);
    });
    expect(timeCells()[0]).toHaveTextContent('1 minute ago');
  });

  it('a live row reads like the older ones, even before the clock ticks', () => {
    const older = entryAt(START - 5 * 60_000);
    const view = render(list([older]));
    act(() => {
      vi.setSystemTime(START + 20_000);
    });
    view.rerender(list([entryAt(START + 20_000), older]));
    const [live, old] = timeCells();
    expect(live).toHaveTextContent('just now');
    expect(old).toHaveTextContent(/minutes ago$/);
  });

  it('an older row shows its date and time whole in the core-wide Time column', () => {
    render(list([entryAt(START - 3 * 86_400_000)]));
    const [cell] = timeCells();
    // Seconds are in the tooltip; the cell holds what its column has room for.
    expect(cell).toHaveTextContent(/^Nov 23, 2026, \d{1,2}:32 [AP]M$/);
    expect(cell).toHaveAttribute('title', expect.stringMatching(/:15 [AP]M$/));
    expect(logColumns(true)).toMatch(/^grid-cols-\[11rem_/);
    expect(logColumns(false)).toMatch(/^grid-cols-\[11rem_/);
  });
});

describe('event log in other languages', () => {
  it('German: headers, levels, times and the sentences of the entries', async () => {
    await activateLocale('de');
    render(list([entryAt(START - 5 * 60_000)]));
    const table = screen.getByRole('table', { name: 'Ereignisprotokoll' });
    expect(within(table).getByRole('columnheader', { name: 'Ereignis' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Wer' })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Läuft, Details anzeigen' }),
    ).toBeInTheDocument();
    const [cell] = timeCells('Ereignisprotokoll');
    expect(cell).toHaveTextContent('vor 5 Minuten');
    expect(within(table).getByRole('cell', { name: 'System' })).toBeInTheDocument();
  });

  it('Chinese: the table and an entry that happened a moment after now', async () => {
    await activateLocale('zh-CN');
    render(list([entryAt(START + 5_000)]));
    const table = screen.getByRole('table', { name: '事件日志' });
    expect(within(table).getByRole('columnheader', { name: '操作者' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: '运行中，显示详情' })).toBeInTheDocument();
    expect(timeCells('事件日志')[0]).toHaveTextContent('刚刚');
    expect(within(table).getByRole('cell', { name: '系统' })).toBeInTheDocument();
  });
});
