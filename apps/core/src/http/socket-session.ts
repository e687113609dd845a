import type { WebSocket } from 'ws';
import { SESSION_ENDED_CLOSE_CODE } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import type { StoredUser } from '../repositories/user-repository.ts';

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Close code for a socket whose user must first turn on two-factor sign-in (policy violation). */
const TWO_FACTOR_REQUIRED_CLOSE_CODE = 1008;

/** Close code sent when the socket's user, session or API key is signed out, revoked or deleted. */
export { SESSION_ENDED_CLOSE_CODE };

/**
 * Keeps a socket honest about its caller: closes it the moment that user is deleted, their tokens
 * are revoked (password change, log out), its own session is signed out or its API key revoked or
 * expired, and keeps the principal's permissions current for per-frame checks.
 * Returns the live principal getter and a disposer.
 */
export function bindSocketToUser(
  ctx: CoreContext,
  socket: WebSocket,
  user: StoredUser,
  /** Reads the caller again from its token (a task's or a key's rights are narrower than its user's). */
  reverify?: () => Promise<StoredUser>,
  /** The event stream stays open to a user who must still turn on two-factor sign-in. */
  options: { openWithoutTwoFactor?: boolean } = {},
): { current: () => StoredUser; dispose: () => void } {
  let current = user;
  const end = () => socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
  const delegated =
    (user.task !== undefined || user.apiKey !== undefined) && reverify !== undefined;
  const readAgain = () =>
    reverify?.().then(
      (fresh) => (current = fresh),
      () => end(),
    );
  const unsubscribe = ctx.events.subscribeGeneral((event) => {
    const inner = event.event_inner;
    if (inner.type !== 'UserEvent') return;
    const change = inner.user_event_inner.type;
    if (user.task !== undefined && delegated) {
      // Anyone's change may narrow a task (its starter's, an author's): never the stored user.
      if (
        change === 'PermissionChanged' ||
        change === 'UsernameChanged' ||
        change === 'UserDeleted'
      )
        void readAgain();
      if (inner.user_id !== user.uid || change !== 'UserLoggedOut') return;
    }
    if (inner.user_id !== user.uid) return;
    switch (change) {
      case 'UserDeleted':
        end();
        return;
      case 'UserLoggedOut':
        // Signing out everywhere ends sessions; an API key is a credential of its own and stays.
        if (user.apiKey === undefined) end();
        return;
      case 'PermissionChanged':
      case 'UsernameChanged': {
        if (delegated) {
          void readAgain();
          return;
        }
        const fresh = ctx.users.list().find((u) => u.uid === user.uid);
        if (fresh) current = { ...fresh, ...sessionPart(user) };
        return;
      }
      case 'UserCreated':
      case 'UserLoggedIn':
        return;
    }
  });
  const stopRevocations = ctx.access.revocations.on((revoked) => {
    if (revoked.kind === 'twoFactorRequired') {
      const exempt =
        options.openWithoutTwoFactor === true ||
        user.task !== undefined ||
        ctx.access.twoFactor.isEnabled(user.uid);
      if (!exempt) socket.close(TWO_FACTOR_REQUIRED_CLOSE_CODE, 'Two-factor sign-in required');
      return;
    }
    const mine = revoked.kind === 'session' ? user.sessionId : user.apiKey?.id;
    if (mine !== undefined && revoked.ids.includes(mine)) end();
  });
  // A key that expires while its socket is open closes it then (a timer holds at most ~24 days;
  // a key that far from its expiry is checked again when its socket reconnects).
  const left = (user.apiKey?.expiresAt ?? Infinity) - Date.now();
  const expiry = left < MAX_TIMER_MS ? setTimeout(end, Math.max(0, left)) : undefined;
  const dispose = () => {
    unsubscribe();
    stopRevocations();
    if (expiry !== undefined) clearTimeout(expiry);
  };
  socket.on('close', dispose);
  return { current: () => current, dispose };
}

/** How the caller reached the core, kept when their stored record is read again. */
function sessionPart(user: StoredUser): Pick<StoredUser, 'sessionId'> {
  return user.sessionId === undefined ? {} : { sessionId: user.sessionId };
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
/** Sockets holding frames, in the order they began to, with how to write them. */
const corked = new Map<WebSocket, Corkable>();
/**
 * Sockets whose held frames are written in one turn of the event loop. Fifty dashboards' writes
 * at once (one event each) held every request for tens of milliseconds on a busy machine.
 */
const WRITES_PER_TURN = 16;
/**
 * A new round of writes begins at most this often. Starts and stops now take a turn each, so a
 * burst's events came one per turn and each was a write per subscriber (a third of the core's
 * CPU in a burst of 30 with 50 dashboards was these writes); held a few milliseconds, a burst's
 * frames go out together. Events that come rarely are not held: a round after a quiet spell
 * begins on the next turn. `coalescing.roundGapMs` is read at each round (tests change it).
 */
export const coalescing = { roundGapMs: 8 };
let flushScheduled = false;
/** When the current (or last) round of writes began; a round lasts until nothing is held. */
let roundBegan = -Infinity;
let inRound = false;
/** Sockets corked so far and written so far: in the same order, so a count tells who is done. */
let corkedCount = 0;
let writtenCount = 0;
const writeWaiters: { until: number; resolve: () => void }[] = [];

/**
 * sendBounded, with the frames a socket gets meanwhile written together: a burst of events (thirty
 * starts at once) is one write per subscriber, not one per event each (writes were a sixth of the
 * core's time in such a burst with 50 dashboards open, issue 26). Held sockets are written from
 * the next turn on (right after a round of writes, once its gap has passed: `coalescing`), those
 * that waited longest first, WRITES_PER_TURN per turn.
 * The answer to a change waits for the frames held before it (`framesWritten`, from the server's
 * onSend hook): an event emitted before such a request was answered still reaches its sockets
 * before that answer, as when every frame was written at once (a client that reads the
 * ProgressionStart of the instance it just created, say).
 */
export function sendCoalesced(socket: WebSocket, data: string): boolean {
  const raw = (socket as unknown as { _socket?: Corkable })._socket;
  if (raw && !corked.has(socket) && socket.readyState === socket.OPEN) {
    corked.set(socket, raw);
    corkedCount++;
    raw.cork();
    scheduleWrites();
  }
  return sendBounded(socket, data);
}

function scheduleWrites(): void {
  if (flushScheduled) return;
  flushScheduled = true;
  // Within a round, the next sockets are written on the next turn; a new round waits its gap.
  const wait = inRound ? 0 : roundBegan + coalescing.roundGapMs - performance.now();
  if (wait <= 0) setImmediate(writeHeld);
  else setTimeout(writeHeld, wait);
}

/** Writes the frames of the sockets that have held them longest; the rest on the next turn. */
function writeHeld(): void {
  flushScheduled = false;
  if (!inRound) {
    inRound = true;
    roundBegan = performance.now();
  }
  let written = 0;
  for (const [socket, raw] of corked) {
    if (written === WRITES_PER_TURN) break;
    corked.delete(socket);
    writtenCount++;
    written++;
    raw.uncork();
  }
  for (let i = writeWaiters.length - 1; i >= 0; i--) {
    const waiter = writeWaiters[i]!;
    if (waiter.until > writtenCount) continue;
    writeWaiters.splice(i, 1);
    waiter.resolve();
  }
  if (corked.size > 0) scheduleWrites();
  else inRound = false;
}

/** Resolves once every frame held now is written; null when none is held. */
export function framesWritten(): Promise<void> | null {
  if (corked.size === 0) return null;
  const until = corkedCount;
  return new Promise((resolve) => writeWaiters.push({ until, resolve }));
}
