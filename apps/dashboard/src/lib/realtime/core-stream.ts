import type { ClientEvent } from '@hearth/protocol';
import type { CoreConnection } from '../session.ts';
import { coreKey } from '../session.ts';
import { eventStreamUrl, parseEventFrame } from './event-stream.ts';
import type { RealtimeHub, SocketStatus } from './socket-hub.ts';

// The fleet home's view of a core that is not the current one: its own event socket, opened
// through the one hub (same reconnect policy and status as every other socket), one per core.
// The current core already has its stream (event-stream.ts); this one only reports instance
// changes to its caller, which keeps that core's cached list current.

/** The hub key of a core's fleet socket: one owner per core. */
export function coreStreamKey(core: CoreConnection): string {
  return `fleet:${core.protocol}://${coreKey(core)}`;
}

export interface CoreStreamOptions {
  hub: RealtimeHub;
  core: CoreConnection;
  token: string;
  onEvent: (event: ClientEvent) => void;
  onStatus: (status: SocketStatus) => void;
  /** The socket is open again after a drop: events may be missing. */
  onGap: () => void;
}

/** Opens the core's event socket; the returned function closes it. */
export function startCoreStream(options: CoreStreamOptions): () => void {
  const { hub, core, token } = options;
  return hub.open(coreStreamKey(core), {
    url: () => eventStreamUrl(core, token),
    onMessage: (data) => {
      // Hearth's own frames (MacrosChanged…) concern screens of the current core only.
      const event = parseEventFrame(data);
      if (event) options.onEvent(event);
    },
    onStatus: (status) => options.onStatus(status),
    onGap: options.onGap,
  });
}
