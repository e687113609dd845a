import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { UNSAFE_PERMISSION_KEYS } from '@hearth/protocol';
import type { GlobalPermissionKey, InstancePermissionKey, UserPermission } from '@hearth/protocol';
import { PERMISSION_LABELS } from '@/lib/permission-labels.ts';

// dashboard.md §6: the permissions the editor shows, grouped as the screen shows them. Boolean
// ones are toggles, per-instance ones are lists of instance ids; the five unsafe ones form the
// Unsafe Settings section. Labels and descriptions are message descriptors, shown in the reader's
// language where they are rendered. can_install_extension has no screen and is carried along unchanged.

export type PermissionEntry =
  | {
      kind: 'global';
      key: GlobalPermissionKey;
      label: MessageDescriptor;
      description: MessageDescriptor;
    }
  | {
      kind: 'instance';
      key: InstancePermissionKey;
      label: MessageDescriptor;
      description: MessageDescriptor;
    };

// An entry's label is the permission's one name; its description is what the editor adds.
const global = (key: GlobalPermissionKey, description: MessageDescriptor): PermissionEntry => ({
  kind: 'global',
  key,
  label: PERMISSION_LABELS[key],
  description,
});
const instance = (key: InstancePermissionKey, description: MessageDescriptor): PermissionEntry => ({
  kind: 'instance',
  key,
  label: PERMISSION_LABELS[key],
  description,
});

export const SAFE_GLOBAL: readonly PermissionEntry[] = [
  global('can_create_instance', msg`Create new instances on this core.`),
  global('can_delete_instance', msg`Delete any instance this user can see.`),
  global('can_read_global_file', msg`Read every file of the core, in every instance.`),
];

export const SAFE_INSTANCE: readonly PermissionEntry[] = [
  instance('can_view_instance', msg`See the instance, its state and players.`),
  instance('can_start_instance', msg`Start the instance.`),
  instance('can_stop_instance', msg`Stop or kill the instance.`),
  instance('can_access_instance_console', msg`Read the console and send commands.`),
  instance('can_access_instance_setting', msg`Read and change the instance settings.`),
  instance('can_read_instance_resource', msg`Read worlds, mods and other resources.`),
  instance('can_read_instance_file', msg`Browse, open and download the instance files.`),
  instance(
    'can_manage_instance_players',
    msg`Kick, ban, op and whitelist players, and see the ban lists.`,
  ),
];

export const UNSAFE: readonly PermissionEntry[] = [
  instance('can_write_instance_resource', msg`Add, change and remove resources.`),
  instance('can_access_instance_macro', msg`Run macros, which execute code on the core.`),
  instance('can_write_instance_file', msg`Create, change, upload and delete instance files.`),
  global('can_write_global_file', msg`Change any file of the core, in every instance.`),
  global('can_manage_permission', msg`Change the permissions of other users.`),
];

export function isUnsafe(key: keyof UserPermission): boolean {
  return (UNSAFE_PERMISSION_KEYS as readonly string[]).includes(key);
}

/** A copy of `permissions` with one entry replaced: the full object the core expects. */
export function withGlobal(
  permissions: UserPermission,
  key: GlobalPermissionKey,
  on: boolean,
): UserPermission {
  return { ...permissions, [key]: on };
}

export function withInstances(
  permissions: UserPermission,
  key: InstancePermissionKey,
  ids: readonly string[],
): UserPermission {
  return { ...permissions, [key]: [...new Set(ids)] };
}
