import { UNSAFE_PERMISSION_KEYS } from '@hearth/protocol';
import type { GlobalPermissionKey, InstancePermissionKey, UserPermission } from '@hearth/protocol';

// dashboard.md §6: the permissions the editor shows, grouped as the screen shows them. Boolean
// ones are toggles, per-instance ones are lists of instance ids; the five unsafe ones form the
// Unsafe Settings section. can_install_extension has no screen and is carried along unchanged.

export type PermissionEntry =
  | { kind: 'global'; key: GlobalPermissionKey; label: string; description: string }
  | { kind: 'instance'; key: InstancePermissionKey; label: string; description: string };

export const SAFE_GLOBAL: readonly PermissionEntry[] = [
  {
    kind: 'global',
    key: 'can_create_instance',
    label: 'Create instances',
    description: 'Create new instances on this core.',
  },
  {
    kind: 'global',
    key: 'can_delete_instance',
    label: 'Delete instances',
    description: 'Delete any instance this user can see.',
  },
  {
    kind: 'global',
    key: 'can_read_global_file',
    label: 'Read global files',
    description: 'Read every file of the core, in every instance.',
  },
];

export const SAFE_INSTANCE: readonly PermissionEntry[] = [
  {
    kind: 'instance',
    key: 'can_view_instance',
    label: 'View instance',
    description: 'See the instance, its state and players.',
  },
  {
    kind: 'instance',
    key: 'can_start_instance',
    label: 'Start instance',
    description: 'Start the instance.',
  },
  {
    kind: 'instance',
    key: 'can_stop_instance',
    label: 'Stop instance',
    description: 'Stop or kill the instance.',
  },
  {
    kind: 'instance',
    key: 'can_access_instance_console',
    label: 'Access console',
    description: 'Read the console and send commands.',
  },
  {
    kind: 'instance',
    key: 'can_access_instance_setting',
    label: 'Access settings',
    description: 'Read and change the instance settings.',
  },
  {
    kind: 'instance',
    key: 'can_read_instance_resource',
    label: 'Read resources',
    description: 'Read worlds, mods and other resources.',
  },
  {
    kind: 'instance',
    key: 'can_read_instance_file',
    label: 'Read files',
    description: 'Browse, open and download the instance files.',
  },
  {
    kind: 'instance',
    key: 'can_manage_instance_players',
    label: 'Manage players',
    description: 'Kick, ban, op and whitelist players, and see the ban lists.',
  },
];

export const UNSAFE: readonly PermissionEntry[] = [
  {
    kind: 'instance',
    key: 'can_write_instance_resource',
    label: 'Write resources',
    description: 'Add, change and remove resources.',
  },
  {
    kind: 'instance',
    key: 'can_access_instance_macro',
    label: 'Access macros',
    description: 'Run macros, which execute code on the core.',
  },
  {
    kind: 'instance',
    key: 'can_write_instance_file',
    label: 'Write files',
    description: 'Create, change, upload and delete instance files.',
  },
  {
    kind: 'global',
    key: 'can_write_global_file',
    label: 'Write global files',
    description: 'Change any file of the core, in every instance.',
  },
  {
    kind: 'global',
    key: 'can_manage_permission',
    label: 'Manage permissions',
    description: 'Change the permissions of other users.',
  },
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
