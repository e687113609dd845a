import { describe, expect, it } from 'vitest';
import { emptyPermissions } from '@hearth/protocol';
import { publicUser } from '@/test/fixtures.ts';
import { hasGlobalPermission, hasInstancePermission } from './permissions.ts';

describe('permissions (core-api.md §1.5)', () => {
  it('the owner passes everything, a guest nothing', () => {
    const owner = publicUser({ is_owner: true });
    expect(hasGlobalPermission(owner, 'can_create_instance')).toBe(true);
    expect(hasInstancePermission(owner, 'can_write_instance_file', 'I')).toBe(true);
    expect(hasGlobalPermission(null, 'can_create_instance')).toBe(false);
  });

  it('a regular user needs the explicit grant', () => {
    const user = publicUser({
      permissions: { ...emptyPermissions(), can_create_instance: true, can_view_instance: ['I'] },
    });
    expect(hasGlobalPermission(user, 'can_create_instance')).toBe(true);
    expect(hasGlobalPermission(publicUser(), 'can_create_instance')).toBe(false);
    expect(hasInstancePermission(user, 'can_view_instance', 'I')).toBe(true);
    expect(hasInstancePermission(user, 'can_view_instance', 'J')).toBe(false);
  });

  it('admins pass the safe actions but not the unsafe ones', () => {
    const admin = publicUser({ is_admin: true });
    expect(hasGlobalPermission(admin, 'can_create_instance')).toBe(true);
    expect(hasInstancePermission(admin, 'can_start_instance', 'I')).toBe(true);
    expect(hasInstancePermission(admin, 'can_write_instance_file', 'I')).toBe(false);
    expect(hasGlobalPermission(admin, 'can_manage_permission')).toBe(false);
  });

  it('global file permissions cover every instance', () => {
    const user = publicUser({ permissions: { ...emptyPermissions(), can_read_global_file: true } });
    expect(hasInstancePermission(user, 'can_read_instance_file', 'any')).toBe(true);
    expect(hasInstancePermission(user, 'can_write_instance_file', 'any')).toBe(false);
  });
});
