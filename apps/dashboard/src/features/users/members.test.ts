import { describe, expect, it } from 'vitest';
import { publicUser } from '@/test/fixtures.ts';
import { canActOn, roleLabels, sortMembers } from './members.ts';

describe('member list order (dashboard.md §2)', () => {
  it('puts the current user first, then the others alphabetically', () => {
    const users = [
      publicUser({ uid: 'U3', username: 'zed' }),
      publicUser({ uid: 'U1', username: 'Bob' }),
      publicUser({ uid: 'U2', username: 'mallory' }),
      publicUser({ uid: 'U4', username: 'alice' }),
    ];
    expect(sortMembers(users, 'U2').map((u) => u.username)).toEqual([
      'mallory',
      'alice',
      'Bob',
      'zed',
    ]);
    expect(sortMembers(users, null).map((u) => u.username)).toEqual([
      'alice',
      'Bob',
      'mallory',
      'zed',
    ]);
  });

  it('sorts numbers naturally and does not touch the input', () => {
    const users = [
      publicUser({ uid: 'a', username: 'user10' }),
      publicUser({ uid: 'b', username: 'user9' }),
    ];
    expect(sortMembers(users, 'x').map((u) => u.username)).toEqual(['user9', 'user10']);
    expect(users[0]!.username).toBe('user10');
  });
});

describe('role labels and actions (dashboard.md §6)', () => {
  it('labels You, Admin and Owner', () => {
    expect(roleLabels(publicUser({ uid: 'me', is_owner: true }), 'me')).toEqual(['You', 'Owner']);
    expect(roleLabels(publicUser({ uid: 'a', is_admin: true }), 'me')).toEqual(['Admin']);
    expect(roleLabels(publicUser({ uid: 'b' }), 'me')).toEqual([]);
  });

  it('never offers actions on yourself or the owner', () => {
    expect(canActOn(publicUser({ uid: 'me' }), 'me')).toBe(false);
    expect(canActOn(publicUser({ uid: 'o', is_owner: true }), 'me')).toBe(false);
    expect(canActOn(publicUser({ uid: 'b' }), 'me')).toBe(true);
  });
});
