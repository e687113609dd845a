import { describe, expect, it } from 'vitest';
import {
  INDICATOR_VIEWS,
  commandInputState,
  consoleIndicator,
  consoleStatus,
} from './console-status.ts';

describe('consoleStatus (dashboard.md §4)', () => {
  it.each([
    [false, 'loaded', 'open', 'no-permission'],
    [true, 'loading', 'connecting', 'loading'],
    [true, 'loading', 'open', 'loading'],
    [true, 'loaded', 'connecting', 'buffered'],
    [true, 'loaded', 'open', 'live'],
    [true, 'failed', 'open', 'live-no-buffer'],
    [true, 'loaded', 'closed', 'closed'],
    [true, 'loaded', 'error', 'error'],
  ] as const)('access %s, history %s, socket %s → %s', (access, buffer, stream, expected) => {
    expect(consoleStatus(access, buffer, stream)).toBe(expected);
  });

  it('a stopped instance shows as stopped, unless there is no permission', () => {
    expect(consoleIndicator('live', 'Stopped')).toBe('stopped');
    expect(consoleIndicator('live', 'Running')).toBe('live');
    expect(consoleIndicator('no-permission', 'Stopped')).toBe('no-permission');
  });
});

describe('status texts and the command input', () => {
  it('tooltips are the spec texts word for word', () => {
    expect(
      Object.fromEntries(Object.entries(INDICATOR_VIEWS).map(([k, v]) => [k, v.tooltip])),
    ).toEqual({
      'no-permission': 'No permission to access console',
      loading: 'Loading console...',
      buffered: 'History messages. No live updates',
      live: 'Console is live',
      'live-no-buffer':
        'Console is live but failed to fetch history. Your internet connection may be unstable',
      closed: 'Console is closed',
      error: 'Connection lost or error',
      stopped: 'Instance is stopped',
    });
  });

  it.each([
    ['no-permission', true, 'No permission'],
    ['stopped', true, 'Instance is stopped'],
    ['closed', true, 'Console is closed'],
    ['live', false, 'Enter command...'],
    ['buffered', false, 'Enter command...'],
    ['error', false, 'Enter command...'],
  ] as const)('%s → disabled %s, placeholder %s', (indicator, disabled, placeholder) => {
    expect(commandInputState(indicator)).toEqual({ disabled, placeholder });
  });
});
