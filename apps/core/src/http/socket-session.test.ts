import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { emptyPermissions } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { EventBus } from '../events/event-bus.ts';
import { Revocations } from '../auth/revocations.ts';
import { createLogger } from '../lib/logger.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import {
  SESSION_ENDED_CLOSE_CODE,
  bindSocketToUser,
  coalescing,
  framesWritten,
  sendCoalesced,
} from './socket-session.ts';

let server: WebSocketServer | null = null;
// No gap between rounds unless a test asks for one: each test's first round is then on the next turn.
beforeEach(() => {
  coalescing.roundGapMs = 0;
});
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

/** A client socket and, once the server accepts it, its server side (closed after the test). */
async function connectedPair(): Promise<{ client: WebSocket; accepted: Promise<WebSocket> }> {
  const listening = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server = listening;
  await new Promise((resolve) => listening.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => listening.once('connection', resolve));
  const { port } = listening.address() as AddressInfo;
  return { client: new WebSocket(`ws://127.0.0.1:${port}`), accepted };
}

/** The messages the client reads, and a promise that `count` of them came. */
function receive(client: WebSocket, count: number): { received: string[]; all: Promise<void> } {
  const received: string[] = [];
  const all = new Promise<void>((resolve) =>
    client.on('message', (data: Buffer) => {
      received.push(data.toString());
      if (received.length === count) resolve();
    }),
  );
  return { received, all };
}

/** The server socket's TCP stream, whose cork count shows frames being held. */
const corkedState = (socket: WebSocket) =>
  (socket as unknown as { _socket: { writableCorked: number } })._socket;

it('writes the frames of one turn of the event loop together, each still a message, in order', async () => {
  const { client, accepted } = await connectedPair();
  const { received, all } = receive(client, 100);
  const socket = await accepted;
  const raw = corkedState(socket);
  for (let n = 0; n < 100; n++) expect(sendCoalesced(socket, `frame ${n}`)).toBe(true);
  // Held until the turn ends, then written at once.
  expect(raw.writableCorked).toBe(1);
  await new Promise((resolve) => setImmediate(resolve));
  expect(raw.writableCorked).toBe(0);
  await all;
  expect(received).toEqual(Array.from({ length: 100 }, (_, n) => `frame ${n}`));
  client.close();
});

it('frames sent right after a round are held for its gap, over several turns, then written in order', async () => {
  const { client, accepted } = await connectedPair();
  const { received, all } = receive(client, 4);
  const socket = await accepted;
  const raw = corkedState(socket);
  sendCoalesced(socket, 'frame 0');
  await new Promise((resolve) => setImmediate(resolve));
  expect(raw.writableCorked).toBe(0);
  // A burst right after that round: one write for its frames, once the gap has passed.
  coalescing.roundGapMs = 2000;
  for (let n = 1; n < 4; n++) {
    sendCoalesced(socket, `frame ${n}`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(raw.writableCorked).toBe(1);
  }
  await all;
  expect(raw.writableCorked).toBe(0);
  expect(received).toEqual(['frame 0', 'frame 1', 'frame 2', 'frame 3']);
  client.close();
});

/** `count` server-side sockets, each with the client that reads it. */
async function socketPairs(count: number) {
  const listening = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server = listening;
  await new Promise((resolve) => listening.once('listening', resolve));
  const { port } = listening.address() as AddressInfo;
  const pairs: { socket: WebSocket; client: WebSocket; raw: { writableCorked: number } }[] = [];
  for (let n = 0; n < count; n++) {
    const accepted = new Promise<WebSocket>((resolve) => listening.once('connection', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const socket = await accepted;
    pairs.push({ socket, client, raw: corkedState(socket) });
  }
  return pairs;
}

it('an answer waits for the frames held before it; fifty sockets are written a few per turn', async () => {
  const pairs = await socketPairs(50);
  const received = pairs.map(
    ({ client }) =>
      new Promise<string>((resolve) =>
        client.once('message', (data: Buffer) => resolve(data.toString())),
      ),
  );
  for (const { socket } of pairs) sendCoalesced(socket, 'ProgressionStart');
  expect(pairs.every(({ raw }) => raw.writableCorked === 1)).toBe(true);
  // What the server's onSend hook waits for before an answer is written.
  const written = framesWritten();
  expect(written).not.toBeNull();
  let done = false;
  void written!.then(() => (done = true));
  // The next turn writes the sockets that waited longest, not all fifty.
  await new Promise((resolve) => setImmediate(resolve));
  const stillHeld = pairs.filter(({ raw }) => raw.writableCorked === 1).length;
  expect(stillHeld).toBeGreaterThan(0);
  expect(stillHeld).toBeLessThan(50);
  expect(pairs[0]!.raw.writableCorked).toBe(0);
  expect(done).toBe(false);
  await written;
  expect(pairs.every(({ raw }) => raw.writableCorked === 0)).toBe(true);
  expect(await Promise.all(received)).toEqual(Array(50).fill('ProgressionStart'));
  // Nothing held: an answer goes out at once.
  expect(framesWritten()).toBeNull();
  for (const { client } of pairs) client.close();
});

const bob: StoredUser = {
  uid: 'USER_bob',
  username: 'bob',
  hashedPassword: '',
  isOwner: false,
  isAdmin: true,
  permissions: emptyPermissions(),
  secret: 's'.repeat(32),
};
/** Bob's macro task, bounded by a lesser author: no admin. */
const bobsTask: StoredUser = {
  ...bob,
  isAdmin: false,
  task: {
    pid: 1,
    macroName: 'm',
    instanceUuid: 'I',
    limiters: ['USER_alice'],
    unknownAuthor: false,
  },
};

function setUp() {
  const events = new EventBus(null, createLogger('silent'));
  const ctx = {
    events,
    users: { list: () => [bob] },
    access: { revocations: new Revocations() },
  } as unknown as CoreContext;
  const closed: number[] = [];
  const socket = Object.assign(new EventEmitter(), {
    close: (code: number) => closed.push(code),
  }) as unknown as WebSocket;
  const changed = (uid: string) =>
    events.emit({
      type: 'UserEvent',
      user_id: uid,
      user_event_inner: { type: 'PermissionChanged', new_permissions: emptyPermissions() },
    });
  return { ctx, socket, closed, changed };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a socket bound to a macro task', () => {
  it('keeps the task’s bounds when permissions change: read again through its token', async () => {
    const { ctx, socket, changed } = setUp();
    const session = bindSocketToUser(ctx, socket, bobsTask, () => Promise.resolve(bobsTask));
    changed('USER_bob');
    changed('USER_alice');
    await settle();
    expect(session.current()).toBe(bobsTask);
    expect(session.current().isAdmin).toBe(false);
  });

  it('closes once its token no longer verifies (the task ended, its starter is gone)', async () => {
    const { ctx, socket, closed, changed } = setUp();
    bindSocketToUser(ctx, socket, bobsTask, () => Promise.reject(new Error('Invalid token')));
    changed('USER_alice');
    await settle();
    expect(closed).toEqual([SESSION_ENDED_CLOSE_CODE]);
  });

  it('a person’s socket follows their stored record as before', async () => {
    const { ctx, socket, changed } = setUp();
    const session = bindSocketToUser(ctx, socket, { ...bob, isAdmin: false });
    changed('USER_bob');
    await settle();
    expect(session.current().isAdmin).toBe(true);
  });
});
