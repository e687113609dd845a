import { describe, expect, it } from 'vitest';
import { activateLocale } from './i18n/i18n.ts';
import {
  connectionBadgeText,
  connectionReducer,
  dispatchConnection,
  getConnectionStatus,
  resetConnectionStatus,
} from './connection-status.ts';
import type { ConnectionAction, ConnectionStatus } from './connection-status.ts';

const ALL: ConnectionStatus[] = ['loading', 'success', 'error', 'degraded'];

describe('connectionReducer (dashboard.md §4)', () => {
  it('a successful info call gives success unless already degraded', () => {
    expect(connectionReducer('loading', { type: 'info-success' })).toBe('success');
    expect(connectionReducer('error', { type: 'info-success' })).toBe('success');
    expect(connectionReducer('success', { type: 'info-success' })).toBe('success');
    expect(connectionReducer('degraded', { type: 'info-success' })).toBe('degraded');
  });

  it.each(ALL)(
    'from %s: failed info → error, socket open → success, socket error → error, socket creation failure → degraded',
    (from) => {
      expect(connectionReducer(from, { type: 'info-failure' })).toBe('error');
      expect(connectionReducer(from, { type: 'socket-open' })).toBe('success');
      expect(connectionReducer(from, { type: 'socket-error' })).toBe('error');
      expect(connectionReducer(from, { type: 'socket-create-failed' })).toBe('degraded');
      expect(connectionReducer(from, { type: 'reset' })).toBe('loading');
    },
  );

  it('walks a realistic sequence: connect, lose the socket, recover', () => {
    const steps: [ConnectionAction, ConnectionStatus][] = [
      [{ type: 'info-success' }, 'success'],
      [{ type: 'socket-create-failed' }, 'degraded'],
      [{ type: 'info-success' }, 'degraded'],
      [{ type: 'socket-open' }, 'success'],
      [{ type: 'socket-error' }, 'error'],
      [{ type: 'socket-open' }, 'success'],
    ];
    let status: ConnectionStatus = 'loading';
    for (const [action, expected] of steps) {
      status = connectionReducer(status, action);
      expect(status, action.type).toBe(expected);
    }
  });

  it('labels each status with the badge text of the spec', () => {
    const statuses: ConnectionStatus[] = ['loading', 'error', 'success', 'degraded'];
    expect(statuses.map(connectionBadgeText)).toEqual([
      'Connecting',
      'Error',
      'Connected',
      'Degraded',
    ]);
  });

  it('labels each status in the chosen language', async () => {
    await activateLocale('de');
    expect(connectionBadgeText('loading')).toBe('Verbindet');
    expect(connectionBadgeText('success')).toBe('Verbunden');
    await activateLocale('zh-CN');
    expect(connectionBadgeText('degraded')).toBe('受限');
  });

  it('the store applies the reducer and resets to loading', () => {
    resetConnectionStatus();
    expect(getConnectionStatus()).toBe('loading');
    dispatchConnection({ type: 'socket-create-failed' });
    expect(getConnectionStatus()).toBe('degraded');
    dispatchConnection({ type: 'info-success' });
    expect(getConnectionStatus()).toBe('degraded');
    resetConnectionStatus();
    expect(getConnectionStatus()).toBe('loading');
  });
});
