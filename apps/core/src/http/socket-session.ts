import type { WebSocket } from 'ws';
import type { CoreContext } from '../context.ts';
import type { StoredUser } from '../repositories/user-repository.ts';

/** Close code sent when the socket's user logs out, changes password or is deleted. */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/**
 * Keeps a socket honest about its user: closes it the moment that user is deleted or their tokens
 * are revoked, and keeps the principal's permissions current for per-frame checks.
 * Returns the live principal getter and a disposer.
 */
export function bindSocketToUser(
  ctx: CoreContext,
  socket: WebSocket,
  user: StoredUser,
  /** Reads the caller again from its token (a macro task's rights also follow its code's authors). */
  reverify?: () => Promise<StoredUser>,
): { current: () => StoredUser; dispose: () => void } {
  let current = user;
  const unsubscribe = ctx.events.subscribeGeneral((event) => {
    const inner = event.event_inner;
    if (inner.type !== 'UserEvent') return;
    if (user.task !== undefined && reverify !== undefined) {
      // Anyone's change may narrow a task (its starter's, an author's): never the stored user.
      const change = inner.user_event_inner.type;
      if (
        change === 'PermissionChanged' ||
        change === 'UsernameChanged' ||
        change === 'UserDeleted'
      )
        reverify().then(
          (fresh) => (current = fresh),
          () => socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended'),
        );
      if (inner.user_id !== user.uid || change !== 'UserLoggedOut') return;
    }
    if (inner.user_id !== user.uid) return;
    switch (inner.user_event_inner.type) {
      case 'UserDeleted':
      case 'UserLoggedOut':
        socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
        return;
      case 'PermissionChanged':
      case 'UsernameChanged': {
        const fresh = ctx.users.list().find((u) => u.uid === user.uid);
        if (fresh) current = fresh;
        return;
      }
      case 'UserCreated':
      case 'UserLoggedIn':
        return;
    }
  });
  socket.on('close', unsubscribe);
  return { current: () => current, dispose: unsubscribe };
}

/** Sends a frame unless the peer is gone or too far behind (bounded memory per subscriber). */
export function sendBounded(
  socket: WebSocket,
  data: string,
  maxBufferedBytes = 8 * 1024 * 1024,
): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > maxBufferedBytes) return false;
  socket.send(data);
  return true;
}

export interface SocketSession {
  /** The socket's user as currently stored (permissions kept fresh). */
  current: () => StoredUser;
}

type Corkable = { cork(): void; uncork(): void };
/** Sockets holding frames until the end of this turn, with how to write them. */
const corked = new Map<WebSocket, Corkable>();
let flushScheduled = false;

/**
 * sendBounded, with the frames a socket gets in one turn of the event loop written together: a
 * burst of events (thirty starts at once) is one write per subscriber, not one per event each
 * (writes were a sixth of the core's time in such a burst with 50 dashboards open, issue 26).
 * An HTTP answer written in that turn first writes the frames held so far
 * (`flushCoalescedFrames`, from the server's onSend hook): an event emitted before a request was
 * answered still reaches its sockets before that answer, as it did when every frame was written
 * at once (a client that reads the ProgressionStart of the instance it just created, say).
 */
export function sendCoalesced(socket: WebSocket, data: string): boolean {
  const raw = (socket as unknown as { _socket?: Corkable })._socket;
  if (raw && !corked.has(socket) && socket.readyState === socket.OPEN) {
    corked.set(socket, raw);
    raw.cork();
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushCoalescedFrames);
    }
  }
  return sendBounded(socket, data);
}

/** Writes every frame sendCoalesced holds now. */
export function flushCoalescedFrames(): void {
  flushScheduled = false;
  if (corked.size === 0) return;
  const held = [...corked.values()];
  corked.clear();
  for (const raw of held) raw.uncork();
}
