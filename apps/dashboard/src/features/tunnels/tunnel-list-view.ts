import type { PlayitTunnelInfo } from '@hearth/protocol';

/** What the tunnels card shows (dashboard.md §2 Playitgg tab), from the two queries behind it. */
export type TunnelListView =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'not-signed-up' }
  | { kind: 'empty' }
  | { kind: 'list'; tunnels: PlayitTunnelInfo[] };

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

export function tunnelListView(
  signedUp: QueryLike<boolean>,
  tunnels: QueryLike<PlayitTunnelInfo[]>,
  toMessage: (err: unknown) => string,
): TunnelListView {
  if (signedUp.data === undefined) {
    if (signedUp.error) return { kind: 'error', message: toMessage(signedUp.error) };
    return { kind: 'loading' };
  }
  if (!signedUp.data) return { kind: 'not-signed-up' };
  if (tunnels.data === undefined) {
    if (tunnels.error) return { kind: 'error', message: toMessage(tunnels.error) };
    return { kind: 'loading' };
  }
  if (tunnels.data.length === 0) return { kind: 'empty' };
  return { kind: 'list', tunnels: tunnels.data };
}
