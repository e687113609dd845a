import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { UNSAFE_PERMISSION_KEYS } from '@hearth/protocol';
import type { GlobalPermissionKey, InstancePermissionKey, UserPermission } from '@hearth/protocol';

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

export const SAFE_GLOBAL: readonly PermissionEntry[] = [
  {
    kind: 'global',
    key: 'can_create_instance',
    label: msg`Create instances`,
    description: msg`Create new instances on this core.`,
  },
  {
    kind: 'global',
    key: 'can_delete_instance',
    label: msg`Delete instances`,
    description: msg`Delete any instance this user can see.`,
  },
  {
    kind: 'global',
    key: 'can_read_global_file',
    label: msg`Read global files`,
    description: msg`Read every file of the core, in every instance.`,
  },
];

export const SAFE_INSTANCE: readonly PermissionEntry[] = [
  {
    kind: 'instance',
    key: 'can_view_instance',
    label: msg`View instance`,
    description: msg`See the instance, its state and players.`,
  },
  {
    kind: 'instance',
    key: 'can_start_instance',
    label: msg`Start instance`,
    description: msg`Start the instance.`,
  },
  {
    kind: 'instance',
    key: 'can_stop_instance',
    label: msg`Stop instance`,
    description: msg`Stop or kill the instance.`,
  },
  {
    kind: 'instance',
    key: 'can_access_instance_console',
    label: msg`Access console`,
    description: msg`Read the console and send commands.`,
  },
  {
    kind: 'instance',
    key: 'can_access_instance_setting',
    label: msg`Access settings`,
    description: msg`Read and change the instance settings.`,
  },
  {
    kind: 'instance',
    key: 'can_read_instance_resource',
    label: msg`Read resources`,
    description: msg`Read worlds, mods and other resources.`,
  },
  {
    kind: 'instance',
    key: 'can_read_instance_file',
    label: msg`Read files`,
    description: msg`Browse, open and download the instance files.`,
  },
  {
    kind: 'instance',
    key: 'can_manage_instance_players',
    label: msg`Manage players`,
    description: msg`Kick, ban, op and whitelist players, and see the ban lists.`,
  },
];

export const UNSAFE: readonly PermissionEntry[] = [
  {
    kind: 'instance',
    key: 'can_write_instance_resource',
    label: msg`Write resources`,
    description: msg`Add, change and remove resources.`,
  },
  {
    kind: 'instance',
    key: 'can_access_instance_macro',
    label: msg`Access macros`,
    description: msg`Run macros, which execute code on the core.`,
  },
  {
    kind: 'instance',
    key: 'can_write_instance_file',
    label: msg`Write files`,
    description: msg`Create, change, upload and delete instance files.`,
  },
  {
    kind: 'global',
    key: 'can_write_global_file',
    label: msg`Write global files`,
    description: msg`Change any file of the core, in every instance.`,
  },
  {
    kind: 'global',
    key: 'can_manage_permission',
    label: msg`Manage permissions`,
    description: msg`Change the permissions of other users.`,
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
