import { describe, expect, it } from 'vitest';
import type { PlayitTunnelInfo } from '@hearth/protocol';
import { tunnelListView } from './tunnel-list-view.ts';

const tunnel: PlayitTunnelInfo = {
  local_ip: '127.0.0.1',
  local_port: 25565,
  tunnel_id: 't1',
  name: 'minecraft',
  server_address: 'some-name.gl.joinmc.link:12345',
  active: true,
};
const pending = { data: undefined, error: null, isPending: true };
const ok = <T>(data: T) => ({ data, error: null, isPending: false });
const failed = { data: undefined, error: new Error('boom'), isPending: false };
const text = (err: unknown) => (err instanceof Error ? err.message : 'unknown');

describe('tunnel list view (dashboard.md §2 Playitgg tab)', () => {
  it('is loading until the sign-up status, then the tunnels, are known', () => {
    expect(tunnelListView(pending, pending, text)).toEqual({ kind: 'loading' });
    expect(tunnelListView(ok(true), pending, text)).toEqual({ kind: 'loading' });
  });

  it('says when the core is not signed up, whatever the tunnels query holds', () => {
    expect(tunnelListView(ok(false), pending, text)).toEqual({ kind: 'not-signed-up' });
    expect(tunnelListView(ok(false), ok([tunnel]), text)).toEqual({ kind: 'not-signed-up' });
  });

  it('tells an empty account from a list, and shows either failure', () => {
    expect(tunnelListView(ok(true), ok([]), text)).toEqual({ kind: 'empty' });
    expect(tunnelListView(ok(true), ok([tunnel]), text)).toEqual({
      kind: 'list',
      tunnels: [tunnel],
    });
    expect(tunnelListView(failed, pending, text)).toEqual({ kind: 'error', message: 'boom' });
    expect(tunnelListView(ok(true), failed, text)).toEqual({ kind: 'error', message: 'boom' });
  });
});
