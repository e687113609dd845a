import { describe, expect, it } from 'vitest';
import { publicUser } from '@/test/fixtures.ts';
import { importAccessOf } from './import-access.ts';

describe('importAccessOf', () => {
  const creator = publicUser({
    is_owner: false,
    permissions: { ...publicUser().permissions, can_create_instance: true },
  });
  const owner = publicUser({ is_owner: true });

  it('gives the owner the host folder only with safe mode off', () => {
    expect(importAccessOf({ user: owner, safeMode: true })).toEqual({
      allowed: true,
      hostFolder: false,
    });
    expect(importAccessOf({ user: owner, safeMode: false })).toEqual({
      allowed: true,
      hostFolder: true,
    });
  });

  it('lets a user who may create instances import only while safe mode is off', () => {
    expect(importAccessOf({ user: creator, safeMode: true }).allowed).toBe(false);
    expect(importAccessOf({ user: creator, safeMode: false })).toEqual({
      allowed: true,
      hostFolder: false,
    });
    expect(importAccessOf(undefined).allowed).toBe(false);
  });
});
