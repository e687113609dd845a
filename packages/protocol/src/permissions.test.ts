import { describe, expect, it } from 'vitest';
import {
  canPerform,
  isUnsafeAction,
  permissionDenialText,
  powerActionNeeds,
  principalOf,
  POWER_ACTION_PERMISSIONS,
} from './permissions.ts';
import type { Principal, UserAction } from './permissions.ts';
import { emptyPermissions, intersectPrincipals, principalExcess } from './permission-grants.ts';
import type { UserPermission } from './users.ts';

// The table of core-api.md §1.5, written out by hand (not computed with canPerform), with
// Hearth's one difference: safe mode never applies to the owner.

const I = 'INSTANCE_a';
const OTHER = 'INSTANCE_b';

interface Row {
  action: UserAction;
  /** The grant that lets a regular user perform it, on instance I (null: none does). */
  grant: Partial<UserPermission> | null;
  /** The same grant, but on another instance (instance actions only). */
  otherGrant?: Partial<UserPermission>;
  admin: boolean;
  /** Usable in safe mode. */
  safe: boolean;
}

const ROWS: Row[] = [
  {
    action: { type: 'ViewInstance', instance: I },
    grant: { can_view_instance: [I] },
    otherGrant: { can_view_instance: [OTHER] },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'StartInstance', instance: I },
    grant: { can_start_instance: [I] },
    otherGrant: { can_start_instance: [OTHER] },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'StopInstance', instance: I },
    grant: { can_stop_instance: [I] },
    otherGrant: { can_stop_instance: [OTHER] },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'AccessConsole', instance: I },
    grant: { can_access_instance_console: [I] },
    otherGrant: { can_access_instance_console: [OTHER] },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'AccessSetting', instance: I },
    grant: { can_access_instance_setting: [I] },
    otherGrant: { can_access_instance_setting: [OTHER] },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'ReadResource', instance: I },
    grant: { can_read_instance_resource: [I] },
    otherGrant: { can_read_instance_resource: [OTHER] },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'WriteResource', instance: I },
    grant: { can_write_instance_resource: [I] },
    otherGrant: { can_write_instance_resource: [OTHER] },
    admin: false,
    safe: true,
  },
  {
    action: { type: 'AccessMacro', instance: I },
    grant: { can_access_instance_macro: [I] },
    otherGrant: { can_access_instance_macro: [OTHER] },
    admin: false,
    safe: true,
  },
  { action: { type: 'AccessMacro', instance: null }, grant: null, admin: false, safe: true },
  {
    action: { type: 'ReadInstanceFile', instance: I },
    grant: { can_read_instance_file: [I] },
    otherGrant: { can_read_instance_file: [OTHER] },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'ReadInstanceFile', instance: I },
    grant: { can_read_global_file: true },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'WriteInstanceFile', instance: I },
    grant: { can_write_instance_file: [I] },
    otherGrant: { can_write_instance_file: [OTHER] },
    admin: false,
    safe: true,
  },
  {
    action: { type: 'WriteInstanceFile', instance: I },
    grant: { can_write_global_file: true },
    admin: false,
    safe: true,
  },
  // Hearth (issue 27): player actions, as safe as the console that can do them already.
  {
    action: { type: 'ManagePlayers', instance: I },
    grant: { can_manage_instance_players: [I] },
    otherGrant: { can_manage_instance_players: [OTHER] },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'CreateInstance' },
    grant: { can_create_instance: true },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'DeleteInstance' },
    grant: { can_delete_instance: true },
    admin: true,
    safe: true,
  },
  {
    action: { type: 'ReadGlobalFile' },
    grant: { can_read_global_file: true },
    admin: false,
    safe: false,
  },
  {
    action: { type: 'WriteGlobalFile' },
    grant: { can_write_global_file: true },
    admin: false,
    safe: false,
  },
  { action: { type: 'ManageUser' }, grant: null, admin: false, safe: false },
  {
    action: { type: 'ManagePermission' },
    grant: { can_manage_permission: true },
    admin: false,
    safe: false,
  },
  {
    action: { type: 'InstallExtension' },
    grant: { can_install_extension: true },
    admin: false,
    safe: false,
  },
];

function principal(
  role: { isOwner?: boolean; isAdmin?: boolean },
  grant: Partial<UserPermission> = {},
): Principal {
  return {
    uid: 'u',
    isOwner: role.isOwner ?? false,
    isAdmin: role.isAdmin ?? false,
    permissions: { ...emptyPermissions(), ...grant },
  };
}

const name = (row: Row) =>
  `${row.action.type}${'instance' in row.action ? `(${row.action.instance ?? 'None'})` : ''} via ${row.grant ? Object.keys(row.grant).join(',') : 'nothing'}`;

describe.each([false, true])('canPerform, safe mode %s (core-api.md §1.5)', (safeMode) => {
  it.each(ROWS.map((row) => [name(row), row] as const))('%s', (_, row) => {
    const usable = row.safe || !safeMode;
    expect(canPerform(principal({ isOwner: true }), row.action, safeMode)).toBe(true);
    expect(canPerform(principal({}), row.action, safeMode)).toBe(false);
    expect(canPerform(principal({ isAdmin: true }), row.action, safeMode)).toBe(
      row.admin && usable,
    );
    if (row.grant) expect(canPerform(principal({}, row.grant), row.action, safeMode)).toBe(usable);
    if (row.otherGrant)
      expect(canPerform(principal({}, row.otherGrant), row.action, safeMode)).toBe(false);
  });
});

describe('isUnsafeAction (core-api.md §3.17)', () => {
  it('is exactly the five actions safe mode withholds', () => {
    const unsafe = ROWS.filter((row) => isUnsafeAction(row.action)).map((r) => r.action.type);
    expect([...new Set(unsafe)]).toEqual([
      'ReadGlobalFile',
      'WriteGlobalFile',
      'ManageUser',
      'ManagePermission',
      'InstallExtension',
    ]);
  });
});

describe('permissionDenialText', () => {
  it('names the action, and safe mode when that is what refused it', () => {
    const user = principal({}, { can_manage_permission: true });
    expect(permissionDenialText(user, { type: 'ViewInstance', instance: I }, true)).toBe(
      "You don't have permission to view this instance",
    );
    expect(permissionDenialText(user, { type: 'ManagePermission' }, false)).toBe(
      "You don't have permission to manage permissions",
    );
    expect(permissionDenialText(user, { type: 'ManagePermission' }, true)).toBe(
      "You don't have permission to manage permissions (safe mode is on)",
    );
    expect(permissionDenialText(principal({ isOwner: true }), { type: 'ManageUser' }, true)).toBe(
      "You don't have permission to manage users",
    );
  });
});

describe('principalOf', () => {
  it('reads a user as the wire carries it', () => {
    const permissions = { ...emptyPermissions(), can_create_instance: true };
    expect(principalOf({ uid: 'x', is_owner: false, is_admin: true, permissions })).toEqual({
      uid: 'x',
      isOwner: false,
      isAdmin: true,
      permissions,
    });
  });
});

describe('intersectPrincipals', () => {
  const owner = principal({ isOwner: true });
  const admin = principal({ isAdmin: true }, { can_write_instance_file: [I] });
  const people: [string, Principal][] = [
    ['owner', owner],
    ['admin', admin],
    ['admin with macros', principal({ isAdmin: true }, { can_access_instance_macro: [I, OTHER] })],
    ['global reader', principal({}, { can_read_global_file: true, can_view_instance: [OTHER] })],
    ['global writer', principal({}, { can_write_global_file: true, can_create_instance: true })],
    [
      'macro author',
      principal(
        {},
        {
          can_view_instance: [I],
          can_access_instance_macro: [I],
          can_read_instance_file: [I],
          can_write_instance_file: [I],
        },
      ),
    ],
    ['manager', principal({}, { can_manage_permission: true, can_start_instance: [I, OTHER] })],
    ['moderator', principal({}, { can_view_instance: [I], can_manage_instance_players: [I] })],
    ['nobody', principal({})],
  ];
  const actions: UserAction[] = ROWS.flatMap((row) =>
    'instance' in row.action && row.action.instance !== null
      ? [row.action, { ...row.action, instance: OTHER }]
      : [row.action],
  );

  it.each(people.flatMap(([an, a]) => people.map(([bn, b]) => [an, bn, a, b] as const)))(
    '%s and %s: exactly what both may do',
    (_an, _bn, a, b) => {
      const both = intersectPrincipals(a, b, [I, OTHER]);
      expect(both.uid).toBe(a.uid);
      for (const safeMode of [false, true])
        for (const action of actions)
          expect(canPerform(both, action, safeMode), `${action.type} safe=${safeMode}`).toBe(
            canPerform(a, action, safeMode) && canPerform(b, action, safeMode),
          );
    },
  );

  it('keeps owner and admin only when both are', () => {
    expect(intersectPrincipals(owner, owner, [I]).isOwner).toBe(true);
    expect(intersectPrincipals(owner, admin, [I])).toMatchObject({ isOwner: false, isAdmin: true });
    expect(intersectPrincipals(admin, principal({}), [I])).toMatchObject({ isAdmin: false });
  });
});

describe('principalExcess (an API key scope never holds more than its user)', () => {
  const user: Principal = {
    uid: 'U',
    isOwner: false,
    isAdmin: false,
    permissions: { ...emptyPermissions(), can_view_instance: [I], can_create_instance: true },
  };
  const scope = (over: Partial<Principal>): Principal => ({
    uid: 'U',
    isOwner: false,
    isAdmin: false,
    permissions: emptyPermissions(),
    ...over,
  });

  it('accepts a subset and names every grant beyond it', () => {
    expect(principalExcess(user, scope({}))).toEqual([]);
    expect(
      principalExcess(
        user,
        scope({ permissions: { ...emptyPermissions(), can_view_instance: [I] } }),
      ),
    ).toEqual([]);
    expect(
      principalExcess(
        user,
        scope({
          isOwner: true,
          isAdmin: true,
          permissions: {
            ...emptyPermissions(),
            can_view_instance: [I, OTHER],
            can_delete_instance: true,
          },
        }),
      ),
    ).toEqual(['owner', 'admin', `can_view_instance on ${OTHER}`, 'can_delete_instance']);
  });

  it("lets an admin's key name instances the admin sees without listing them", () => {
    const admin = { ...user, isAdmin: true, permissions: emptyPermissions() };
    const wanted = scope({ permissions: { ...emptyPermissions(), can_view_instance: [OTHER] } });
    expect(principalExcess(admin, wanted)).toEqual([]);
    // Writing files is not implied by admin (core-api.md §1.5).
    const write = scope({ permissions: { ...emptyPermissions(), can_write_instance_file: [I] } });
    expect(principalExcess(admin, write)).toEqual([`can_write_instance_file on ${I}`]);
  });

  it('an owner may scope a key to anything', () => {
    const owner = { ...user, isOwner: true };
    expect(principalExcess(owner, scope({ isOwner: true, isAdmin: true }))).toEqual([]);
  });
});

describe('power actions (core-api.md §1.4.8, dashboard.md §6)', () => {
  it('start needs StartInstance; stop and kill StopInstance; restart both', () => {
    expect(POWER_ACTION_PERMISSIONS).toEqual({
      start: ['StartInstance'],
      stop: ['StopInstance'],
      restart: ['StopInstance', 'StartInstance'],
      kill: ['StopInstance'],
    });
  });

  it('names the instance in each action it asks for', () => {
    expect(powerActionNeeds('restart', I)).toEqual([
      { type: 'StopInstance', instance: I },
      { type: 'StartInstance', instance: I },
    ]);
  });
});
