import type { GlobalPermissionKey, InstancePermissionKey, PublicUser } from '@hearth/protocol';

// Client-side view of core-api.md §1.5: the owner passes everything; admins pass the
// actions the core lets them pass; everyone else needs the explicit permission.

const ADMIN_INSTANCE: ReadonlySet<InstancePermissionKey> = new Set([
  'can_view_instance',
  'can_start_instance',
  'can_stop_instance',
  'can_access_instance_console',
  'can_access_instance_setting',
  'can_read_instance_resource',
  'can_read_instance_file',
]);
const ADMIN_GLOBAL: ReadonlySet<GlobalPermissionKey> = new Set([
  'can_create_instance',
  'can_delete_instance',
]);

export function hasGlobalPermission(
  user: PublicUser | null | undefined,
  key: GlobalPermissionKey,
): boolean {
  if (!user) return false;
  if (user.is_owner) return true;
  if (user.is_admin && ADMIN_GLOBAL.has(key)) return true;
  return user.permissions[key];
}

export function hasInstancePermission(
  user: PublicUser | null | undefined,
  key: InstancePermissionKey,
  instanceUuid: string,
): boolean {
  if (!user) return false;
  if (user.is_owner) return true;
  if (user.is_admin && ADMIN_INSTANCE.has(key)) return true;
  if (key === 'can_read_instance_file' && user.permissions.can_read_global_file) return true;
  if (key === 'can_write_instance_file' && user.permissions.can_write_global_file) return true;
  return user.permissions[key].includes(instanceUuid);
}
