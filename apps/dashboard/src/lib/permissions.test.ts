import { describe, expect, it } from 'vitest';
import { emptyPermissions } from '@hearth/protocol';
import type { PublicUser } from '@hearth/protocol';
import { publicUser } from '@/test/fixtures.ts';
import { viewerCan, viewerOf } from './permissions.ts';

const I = 'INSTANCE_1';
const off = (user: PublicUser) => viewerOf(user, false);
const on = (user: PublicUser) => viewerOf(user, true);

describe('viewerCan (core-api.md §1.5 through the protocol rule)', () => {
  it('the owner passes everything, safe mode or not; nobody signed in passes nothing', () => {
    const owner = publicUser({ is_owner: true });
    expect(viewerCan(on(owner), { type: 'CreateInstance' })).toBe(true);
    expect(viewerCan(on(owner), { type: 'WriteInstanceFile', instance: I })).toBe(true);
    expect(viewerCan(on(owner), { type: 'ManageUser' })).toBe(true);
    expect(viewerCan(undefined, { type: 'CreateInstance' })).toBe(false);
    expect(viewerOf(null, false)).toBeUndefined();
  });

  it('a regular user needs the explicit grant', () => {
    const user = publicUser({
      permissions: { ...emptyPermissions(), can_create_instance: true, can_view_instance: [I] },
    });
    expect(viewerCan(off(user), { type: 'CreateInstance' })).toBe(true);
    expect(viewerCan(off(publicUser()), { type: 'CreateInstance' })).toBe(false);
    expect(viewerCan(off(user), { type: 'ViewInstance', instance: I })).toBe(true);
    expect(viewerCan(off(user), { type: 'ViewInstance', instance: 'J' })).toBe(false);
  });

  it('admins pass what the core lets them pass, not writes or macros', () => {
    const admin = publicUser({ is_admin: true });
    expect(viewerCan(off(admin), { type: 'CreateInstance' })).toBe(true);
    expect(viewerCan(off(admin), { type: 'StartInstance', instance: I })).toBe(true);
    expect(viewerCan(off(admin), { type: 'WriteInstanceFile', instance: I })).toBe(false);
    expect(viewerCan(off(admin), { type: 'AccessMacro', instance: I })).toBe(false);
    expect(viewerCan(off(admin), { type: 'ManagePermission' })).toBe(false);
  });

  it('global file permissions cover every instance', () => {
    const user = publicUser({ permissions: { ...emptyPermissions(), can_read_global_file: true } });
    expect(viewerCan(off(user), { type: 'ReadInstanceFile', instance: 'any' })).toBe(true);
    expect(viewerCan(off(user), { type: 'WriteInstanceFile', instance: 'any' })).toBe(false);
  });

  it('safe mode hides an unsafe action from a non-owner who holds the permission', () => {
    const manager = publicUser({
      permissions: {
        ...emptyPermissions(),
        can_manage_permission: true,
        can_read_global_file: true,
      },
    });
    expect(viewerCan(off(manager), { type: 'ManagePermission' })).toBe(true);
    expect(viewerCan(on(manager), { type: 'ManagePermission' })).toBe(false);
    expect(viewerCan(off(manager), { type: 'ReadGlobalFile' })).toBe(true);
    expect(viewerCan(on(manager), { type: 'ReadGlobalFile' })).toBe(false);
    // Instance actions are not unsafe: safe mode leaves them alone.
    expect(viewerCan(on(manager), { type: 'ReadInstanceFile', instance: I })).toBe(true);
  });

  it('assumes safe mode on until the global settings are known', () => {
    const manager = publicUser({
      permissions: { ...emptyPermissions(), can_manage_permission: true },
    });
    expect(viewerOf(manager, undefined)?.safeMode).toBe(true);
    expect(viewerCan(viewerOf(manager, undefined), { type: 'ManagePermission' })).toBe(false);
  });
});
