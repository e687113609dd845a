import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { emptyPermissions } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { EventBus } from '../events/event-bus.ts';
import { Revocations } from '../auth/revocations.ts';
import { createLogger } from '../lib/logger.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import { SESSION_ENDED_CLOSE_CODE, bindSocketToUser } from './socket-session.ts';

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
