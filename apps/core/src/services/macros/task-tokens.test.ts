import { describe, expect, it } from 'vitest';
import { emptyPermissions } from '@hearth/protocol';
import { TokenService } from '../../auth/token-service.ts';
import type { StoredUser, UserRepository } from '../../repositories/user-repository.ts';
import { TaskTokens } from './task-tokens.ts';

const alice: StoredUser = {
  uid: 'USER_alice',
  username: 'alice',
  hashedPassword: '',
  isOwner: false,
  isAdmin: false,
  permissions: emptyPermissions(),
  secret: 'a'.repeat(32),
};

function service(users: Map<string, StoredUser>, tasks: TaskTokens) {
  const repo = { byUid: (uid: string) => users.get(uid) ?? null } as unknown as UserRepository;
  return new TokenService(repo, tasks);
}

describe('task tokens through the TokenService', () => {
  it('act as the starting user until revoked', async () => {
    const users = new Map([[alice.uid, alice]]);
    const tasks = new TaskTokens();
    const tokens = service(users, tasks);
    const token = tasks.issue({ uid: alice.uid, pid: 1, instanceUuid: 'I', macroName: 'm' });
    expect(token).toMatch(/^hearth-task\.[A-Za-z0-9_-]{43}$/);
    expect((await tokens.verify(token)).uid).toBe(alice.uid);
    expect(tasks.grant(token)).toMatchObject({ pid: 1, instanceUuid: 'I' });
    tasks.revoke(token);
    await expect(tokens.verify(token)).rejects.toMatchObject({ kind: 'Unauthorized' });
    expect(tasks.size).toBe(0);
  });

  it('die with their user, and a guessed token is refused without being read as a JWT', async () => {
    const users = new Map([[alice.uid, alice]]);
    const tasks = new TaskTokens();
    const tokens = service(users, tasks);
    const token = tasks.issue({ uid: alice.uid, pid: 2, instanceUuid: 'I', macroName: 'm' });
    users.delete(alice.uid);
    await expect(tokens.verify(token)).rejects.toMatchObject({ kind: 'Unauthorized' });
    const guessed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await expect(tokens.verify(guessed)).rejects.toMatchObject({
      kind: 'Unauthorized',
    });
    expect(tasks.grant('eyJhbGciOiJIUzUxMiJ9.e30.x')).toBeNull();
  });
});
