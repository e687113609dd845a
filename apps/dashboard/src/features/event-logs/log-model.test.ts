import { describe, expect, it } from 'vitest';
import { emptyLogFilter, encodeSnowflake, logEntryOfEvent } from '@hearth/protocol';
import type { ClientEvent, LogEntry, LogPage } from '@hearth/protocol';
import { flattenPages, missingLiveEntries, withLiveEntry } from './log-entries.ts';
import { applyRange, fromLocalInput, rangeOf, toLocalInput } from './log-time-range.ts';
import { formatLogTime } from './log-time.ts';
import { filterFromSearch, isFiltered, searchWithFilter } from './log-url.ts';
import { entryWords } from './log-words.ts';

const AT = Date.UTC(2025, 4, 6, 7, 8, 9);

function entry(sequence: number, instance = 'INSTANCE_a'): LogEntry {
  const event: ClientEvent = {
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: instance,
      instance_name: 'Alpha',
      instance_event_inner: { type: 'StateTransition', to: 'Running' },
    },
    details: '',
    snowflake: encodeSnowflake(AT, sequence),
    level: 'Info',
    caused_by: { type: 'System' },
  };
  return logEntryOfEvent(event)!;
}
const pages = (...lists: LogEntry[][]) => ({
  pages: lists.map((entries): LogPage => ({ entries, next_cursor: null })),
  pageParams: lists.map(() => null),
});

describe('the filter in the URL', () => {
  it('reads the API keys, keeps the selected instance apart and the tab’s instance fixed', () => {
    const params = new URLSearchParams(
      'instance=INSTANCE_a&level=Error&kind=state,files&q=hi&in=X',
    );
    expect(filterFromSearch(params, 'INSTANCE_a')).toMatchObject({
      levels: ['Error'],
      categories: ['state', 'files'],
      text: 'hi',
      instances: ['INSTANCE_a'],
    });
    expect(filterFromSearch(params, null).instances).toEqual(['X']);
  });

  it('writes the filter back without touching the other parameters', () => {
    const current = new URLSearchParams('instance=INSTANCE_a&address=core&kind=state');
    const next = searchWithFilter(
      current,
      { ...emptyLogFilter(), actors: ['USER_x', '@system'], instances: ['INSTANCE_a'] },
      'INSTANCE_a',
    );
    expect(next.get('instance')).toBe('INSTANCE_a');
    expect(next.get('address')).toBe('core');
    expect(next.get('kind')).toBeNull();
    expect(next.get('who')).toBe('USER_x,@system');
    expect(next.get('in')).toBeNull();
    expect(
      searchWithFilter(current, { ...emptyLogFilter(), instances: ['B'] }, null).get('in'),
    ).toBe('B');
  });

  it('knows when something narrows the view', () => {
    expect(isFiltered({ ...emptyLogFilter(), instances: ['A'] }, 'A')).toBe(false);
    expect(isFiltered({ ...emptyLogFilter(), instances: ['A'] }, null)).toBe(true);
    expect(isFiltered({ ...emptyLogFilter(), text: 'x', instances: ['A'] }, 'A')).toBe(true);
  });
});

describe('pages and live entries', () => {
  it('flattens pages once per entry and puts a live entry at its place', () => {
    const [a, b, c] = [entry(3), entry(2), entry(1)];
    expect(flattenPages(pages([a, b], [b, c]).pages).map((e) => e.snowflake)).toEqual(
      [a, b, c].map((e) => e.snowflake),
    );
    const data = pages([b, c]);
    const next = withLiveEntry(data, a, emptyLogFilter());
    expect(next?.pages[0]?.entries.map((e) => e.snowflake)).toEqual(
      [a, b, c].map((e) => e.snowflake),
    );
    expect(withLiveEntry(next, a, emptyLogFilter())).toBe(next);
    expect(withLiveEntry(undefined, a, emptyLogFilter())).toBeUndefined();
    const other = { ...emptyLogFilter(), instances: ['INSTANCE_b'] };
    expect(withLiveEntry(data, a, other)).toBe(data);
    expect(missingLiveEntries(data, [a, b])).toEqual([a]);
  });
});

describe('times', () => {
  it('is relative within a day and en-US beyond', () => {
    expect(formatLogTime(AT, AT + 5 * 60_000)).toBe('5 minutes ago');
    expect(formatLogTime(AT, AT)).toBe('just now');
    expect(formatLogTime(AT, AT + 2 * 86_400_000)).toMatch(/^May [67], 2025, \d{1,2}:08 [AP]M$/);
    expect(formatLogTime(AT + 5_000, AT)).toBe('just now');
  });

  it('turns a preset into a time from when it was chosen, and keeps a custom range', () => {
    const f = { ...emptyLogFilter(), since: 5, until: 9 };
    expect(rangeOf(new URLSearchParams('range=7d'), emptyLogFilter())).toBe('7d');
    expect(rangeOf(new URLSearchParams(), f)).toBe('custom');
    expect(rangeOf(new URLSearchParams(), emptyLogFilter())).toBe('any');
    expect(applyRange(f, '24h', 100_000_000)).toMatchObject({
      since: 100_000_000 - 86_400_000,
      until: null,
    });
    expect(applyRange(f, 'custom', 0)).toBe(f);
    expect(applyRange(f, 'any', 0)).toMatchObject({ since: null, until: null });
    expect(fromLocalInput(toLocalInput(AT))).toBe(AT - 9000);
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('words', () => {
  it('names the instance and shows file paths inside its folder', () => {
    const fs = logEntryOfEvent(
      {
        event_inner: {
          type: 'FSEvent',
          operation: 'Upload',
          target: { type: 'File', path: '/srv/a/mods/x.jar' },
        },
        details: '',
        snowflake: encodeSnowflake(AT),
        level: 'Info',
        caused_by: { type: 'User', user_id: 'U', user_name: 'bob' },
      },
      'INSTANCE_a',
    )!;
    const words = entryWords(fs, {
      users: new Map(),
      instances: new Map([['INSTANCE_a', { name: 'Alpha', path: '/srv/a' }]]),
    });
    expect(words).toEqual({
      title: 'Uploaded mods/x.jar by bob',
      titleTheirs: false,
      detail: null,
      instance: 'Alpha',
      who: 'bob',
    });
  });
  it("marks a title someone else wrote (the core's progress text) as theirs, not the dashboard's", () => {
    const progress = logEntryOfEvent({
      event_inner: {
        type: 'ProgressionEvent',
        event_id: encodeSnowflake(AT),
        progression_event_inner: {
          type: 'ProgressionEnd',
          success: true,
          message: 'Backup of Alpha finished (371 B)',
          inner: null,
        },
      },
      details: '',
      snowflake: encodeSnowflake(AT),
      level: 'Info',
      caused_by: { type: 'System' },
    })!;
    const look = { users: new Map(), instances: new Map() };
    expect(entryWords(progress, look)).toMatchObject({
      title: 'Backup of Alpha finished (371 B)',
      titleTheirs: true,
    });
  });
});
