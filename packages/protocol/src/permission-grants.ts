import { canPerform, type Principal, type UserAction } from './permissions.ts';
import type { UserPermission } from './users.ts';

// The permission keys one by one and what each grants: what the access screens, API-key scopes and
// macro tasks read to compare and combine principals. Apart from permissions.ts and users.ts, which
// the first screen reads (canPerform, the user's schema): a module is not split between the entry
// chunk and the chunks that load later, so keeping these there put them all in the first load.

export const INSTANCE_PERMISSION_KEYS = [
  'can_view_instance',
  'can_start_instance',
  'can_stop_instance',
  'can_access_instance_console',
  'can_access_instance_setting',
  'can_read_instance_resource',
  'can_write_instance_resource',
  'can_access_instance_macro',
  'can_read_instance_file',
  'can_write_instance_file',
  'can_manage_instance_players',
] as const;
export type InstancePermissionKey = (typeof INSTANCE_PERMISSION_KEYS)[number];

export const GLOBAL_PERMISSION_KEYS = [
  'can_create_instance',
  'can_delete_instance',
  'can_read_global_file',
  'can_write_global_file',
  'can_manage_permission',
  'can_install_extension',
] as const;
export type GlobalPermissionKey = (typeof GLOBAL_PERMISSION_KEYS)[number];

export function emptyPermissions(): UserPermission {
  return {
    can_view_instance: [],
    can_start_instance: [],
    can_stop_instance: [],
    can_access_instance_console: [],
    can_access_instance_setting: [],
    can_read_instance_resource: [],
    can_write_instance_resource: [],
    can_access_instance_macro: [],
    can_read_instance_file: [],
    can_write_instance_file: [],
    can_create_instance: false,
    can_delete_instance: false,
    can_read_global_file: false,
    can_write_global_file: false,
    can_manage_permission: false,
    can_install_extension: false,
    can_manage_instance_players: [],
  };
}

/** The action each per-instance permission key grants. */
export const INSTANCE_KEY_ACTION: Record<
  InstancePermissionKey,
  Extract<UserAction, { instance: string | null }>['type']
> = {
  can_view_instance: 'ViewInstance',
  can_start_instance: 'StartInstance',
  can_stop_instance: 'StopInstance',
  can_access_instance_console: 'AccessConsole',
  can_access_instance_setting: 'AccessSetting',
  can_read_instance_resource: 'ReadResource',
  can_write_instance_resource: 'WriteResource',
  can_access_instance_macro: 'AccessMacro',
  can_read_instance_file: 'ReadInstanceFile',
  can_write_instance_file: 'WriteInstanceFile',
  can_manage_instance_players: 'ManagePlayers',
};

/** The global action each global key grants. */
export const GLOBAL_KEY_ACTION: Record<
  GlobalPermissionKey,
  Exclude<UserAction, { instance: string | null }>['type']
> = {
  can_create_instance: 'CreateInstance',
  can_delete_instance: 'DeleteInstance',
  can_read_global_file: 'ReadGlobalFile',
  can_write_global_file: 'WriteGlobalFile',
  can_manage_permission: 'ManagePermission',
  can_install_extension: 'InstallExtension',
};

/**
 * What `wanted` claims beyond what `holder` may do, one phrase per grant (empty when it claims
 * nothing more). An API key's scope is refused unless this is empty: a key never holds more than
 * its user. Safe mode is left out here; it applies at each request, to a key as to its user.
 */
export function principalExcess(holder: Principal, wanted: Principal): string[] {
  const out: string[] = [];
  if (wanted.isOwner && !holder.isOwner) out.push('owner');
  if (wanted.isAdmin && !holder.isAdmin && !holder.isOwner) out.push('admin');
  for (const key of INSTANCE_PERMISSION_KEYS) {
    const type = INSTANCE_KEY_ACTION[key];
    for (const instance of wanted.permissions[key])
      if (!canPerform(holder, { type, instance }, false)) out.push(`${key} on ${instance}`);
  }
  for (const key of GLOBAL_PERMISSION_KEYS)
    if (wanted.permissions[key] && !canPerform(holder, { type: GLOBAL_KEY_ACTION[key] }, false))
      out.push(key);
  return out;
}

/**
 * What both `a` and `b` may do, as one principal (with `a`'s uid): canPerform of the result is
 * canPerform of `a` and of `b`, for every action on the `instances` listed (those that exist) and
 * every global action, safe mode applied as usual. Owner and admin survive only when both are; an
 * admin's implied per-instance rights are spelled out as lists. A macro task acts with the rights
 * its starter and the authors of its code all have.
 */
export function intersectPrincipals(
  a: Principal,
  b: Principal,
  instances: readonly string[],
): Principal {
  if (a.isOwner && b.isOwner) return a;
  if (a.isOwner) return { ...b, uid: a.uid };
  if (b.isOwner) return a;
  const both = (action: UserAction) => canPerform(a, action, false) && canPerform(b, action, false);
  const permissions = emptyPermissions();
  for (const key of INSTANCE_PERMISSION_KEYS) {
    const type = INSTANCE_KEY_ACTION[key];
    permissions[key] = instances.filter((instance) => both({ type, instance }));
  }
  for (const key of GLOBAL_PERMISSION_KEYS)
    permissions[key] = both({ type: GLOBAL_KEY_ACTION[key] });
  return { uid: a.uid, isOwner: false, isAdmin: a.isAdmin && b.isAdmin, permissions };
}
