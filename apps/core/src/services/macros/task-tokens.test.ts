import { describe, expect, it } from 'vitest';
import { canPerform, emptyPermissions } from '@hearth/protocol';
import { TokenService } from '../../auth/token-service.ts';
import type { StoredUser, UserRepository } from '../../repositories/user-repository.ts';
import { TaskTokens, type TaskGrant } from './task-tokens.ts';

const I = 'INSTANCE_i';
const OTHER = 'INSTANCE_other';

const alice: StoredUser = {
  uid: 'USER_alice',
  username: 'alice',
  hashedPassword: '',
  isOwner: false,
  isAdmin: false,
  permissions: emptyPermissions(),
  secret: 'a'.repeat(32),
};
const owner: StoredUser = { ...alice, uid: 'USER_owner', username: 'owner', isOwner: true };
const author: StoredUser = {
  ...alice,
  uid: 'USER_author',
  username: 'author',
  permissions: {
    ...emptyPermissions(),
    can_view_instance: [I],
    can_access_instance_macro: [I],
    can_write_instance_file: [I],
    can_start_instance: [I],
  },
};

function setUp(users: Map<string, StoredUser>) {
  const tasks = new TaskTokens({
    user: (uid) => users.get(uid) ?? null,
    instances: () => [I, OTHER],
  });
  const repo = { byUid: (uid: string) => users.get(uid) ?? null } as unknown as UserRepository;
  // No sessions: only task tokens are verified here.
  const sessions = { check: () => null, seen: () => undefined };
  return { tasks, tokens: new TokenService(repo, sessions, tasks) };
}

const grant = (over: Partial<TaskGrant> = {}): TaskGrant => ({
  uid: alice.uid,
  pid: 1,
  instanceUuid: I,
  macroName: 'm',
  limiters: new Set(),
  unknownAuthor: false,
  ...over,
});

describe('task tokens through the TokenService', () => {
  it('act as the starting user until revoked', async () => {
    const { tasks, tokens } = setUp(new Map([[alice.uid, alice]]));
    const token = tasks.issue(grant());
    expect(token).toMatch(/^hearth-task\.[A-Za-z0-9_-]{43}$/);
    expect((await tokens.verify(token)).uid).toBe(alice.uid);
    expect(tasks.grant(token)).toMatchObject({ pid: 1, instanceUuid: I });
    tasks.revoke(token);
    await expect(tokens.verify(token)).rejects.toMatchObject({ kind: 'Unauthorized' });
    expect(tasks.size).toBe(0);
  });

  it('die with their user, and a guessed token is refused without being read as a JWT', async () => {
    const users = new Map([[alice.uid, alice]]);
    const { tasks, tokens } = setUp(users);
    const token = tasks.issue(grant({ pid: 2 }));
    users.delete(alice.uid);
    await expect(tokens.verify(token)).rejects.toMatchObject({ kind: 'Unauthorized' });
    const guessed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await expect(tokens.verify(guessed)).rejects.toMatchObject({
      kind: 'Unauthorized',
    });
    expect(tasks.grant('eyJhbGciOiJIUzUxMiJ9.e30.x')).toBeNull();
  });
});

describe("a task's rights", () => {
  const users = new Map([
    [owner.uid, owner],
    [author.uid, author],
  ]);

  it("are the owner's own when the owner wrote its code", async () => {
    const { tasks, tokens } = setUp(users);
    const user = await tokens.verify(
      tasks.issue(grant({ uid: owner.uid, limiters: new Set([owner.uid]) })),
    );
    expect(user).toMatchObject({ uid: owner.uid, isOwner: true, task: { pid: 1, macroName: 'm' } });
  });

  it("are what the owner and the code's author both may do, named as the owner's task", async () => {
    const { tasks, tokens } = setUp(users);
    const user = await tokens.verify(
      tasks.issue(grant({ uid: owner.uid, limiters: new Set([author.uid]) })),
    );
    expect(user).toMatchObject({ uid: owner.uid, username: 'owner', isOwner: false });
    expect(canPerform(user, { type: 'StartInstance', instance: I }, true)).toBe(true);
    expect(canPerform(user, { type: 'StartInstance', instance: OTHER }, false)).toBe(false);
    expect(canPerform(user, { type: 'ManageUser' }, false)).toBe(false);
    expect(canPerform(user, { type: 'ManagePermission' }, false)).toBe(false);
  });

  it('are view and file rights on its instance when its code changed outside the API, or its author is gone', async () => {
    const { tasks, tokens } = setUp(users);
    const planted = await tokens.verify(
      tasks.issue(grant({ uid: owner.uid, unknownAuthor: true })),
    );
    const gone = await tokens.verify(
      tasks.issue(grant({ uid: owner.uid, limiters: new Set(['USER_deleted']) })),
    );
    for (const user of [planted, gone]) {
      expect(user.isOwner).toBe(false);
      expect(canPerform(user, { type: 'WriteInstanceFile', instance: I }, true)).toBe(true);
      expect(canPerform(user, { type: 'ViewInstance', instance: I }, true)).toBe(true);
      expect(canPerform(user, { type: 'StartInstance', instance: I }, true)).toBe(false);
      expect(canPerform(user, { type: 'ViewInstance', instance: OTHER }, true)).toBe(false);
    }
  });

  it('narrow at once when someone writes macro code of its instance while it runs', async () => {
    const { tasks, tokens } = setUp(users);
    const token = tasks.issue(grant({ uid: owner.uid, limiters: new Set([owner.uid]) }));
    expect((await tokens.verify(token)).isOwner).toBe(true);
    tasks.limitInstance(OTHER, author.uid);
    expect((await tokens.verify(token)).isOwner).toBe(true);
    tasks.limitInstance(I, author.uid);
    expect((await tokens.verify(token)).isOwner).toBe(false);
  });
});
