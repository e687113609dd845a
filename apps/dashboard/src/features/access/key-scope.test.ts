import { describe, expect, it } from 'vitest';
import { emptyPermissions, principalExcess, scopePrincipal } from '@hearth/protocol';
import { publicUser } from '@/test/fixtures.ts';
import {
  customScope,
  describeScope,
  expiryFrom,
  fullScope,
  heldRights,
  readOnlyScope,
} from './key-scope.ts';

const A = 'INSTANCE_a';
const B = 'INSTANCE_b';

const alice = publicUser({
  uid: 'U_ALICE',
  permissions: {
    ...emptyPermissions(),
    can_view_instance: [A],
    can_read_instance_file: [A],
    can_write_instance_file: [A],
    can_create_instance: true,
  },
});

describe('API key scopes in the form', () => {
  it('offers only what the user holds, per instance and globally', () => {
    const held = heldRights(alice, [A, B]);
    expect(held.instance.can_view_instance).toEqual([A]);
    expect(held.instance.can_start_instance).toEqual([]);
    expect(held.global).toEqual(['can_create_instance']);
  });

  it('read only: view and read on what the user sees, nothing written', () => {
    const scope = readOnlyScope(heldRights(alice, [A, B]));
    expect(scope.permissions.can_view_instance).toEqual([A]);
    expect(scope.permissions.can_read_instance_file).toEqual([A]);
    expect(scope.permissions.can_write_instance_file).toEqual([]);
    expect(scope.permissions.can_create_instance).toBe(false);
    expect(
      principalExcess(
        scopePrincipal(alice.uid, fullScope(alice)),
        scopePrincipal(alice.uid, scope),
      ),
    ).toEqual([]);
  });

  it('a custom choice never holds more than the user, even with a stale choice', () => {
    const held = heldRights(alice, [A, B]);
    const scope = customScope(held, {
      owner: true,
      admin: true,
      instance: { can_view_instance: [A, B], can_start_instance: [A] },
      global: ['can_create_instance', 'can_delete_instance'],
    });
    expect(scope).toMatchObject({ is_owner: false, is_admin: false });
    expect(scope.permissions.can_view_instance).toEqual([A]);
    expect(scope.permissions.can_start_instance).toEqual([]);
    expect(scope.permissions.can_create_instance).toBe(true);
    expect(scope.permissions.can_delete_instance).toBe(false);
  });

  it('an admin sees every instance; an owner may make an owner key', () => {
    const admin = publicUser({ uid: 'U_ADMIN', is_admin: true });
    expect(heldRights(admin, [A, B]).instance.can_view_instance).toEqual([A, B]);
    const owner = publicUser({ uid: 'U_OWNER', is_owner: true });
    expect(fullScope(owner)).toMatchObject({ is_owner: true });
    expect(describeScope(fullScope(owner))).toBe('Owner');
  });

  it('says what a scope holds, and when a key expires', () => {
    expect(describeScope(readOnlyScope(heldRights(alice, [A])))).toBe(
      'View instance (1 instance), Read files (1 instance)',
    );
    expect(
      describeScope({ is_owner: false, is_admin: false, permissions: emptyPermissions() }),
    ).toBe('Nothing');
    expect(expiryFrom('30', 1000)).toBe(1000 + 30 * 86_400_000);
    expect(expiryFrom('never', 1000)).toBeNull();
  });
});
