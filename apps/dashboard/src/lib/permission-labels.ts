import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { GlobalPermissionKey, InstancePermissionKey } from '@hearth/protocol';

/**
 * The one name of each permission, in the reader's language where it is rendered: the Users
 * screen's permission editor and the API key scope form say the same words.
 */
export const PERMISSION_LABELS: Record<
  InstancePermissionKey | GlobalPermissionKey,
  MessageDescriptor
> = {
  can_view_instance: msg`View instance`,
  can_start_instance: msg`Start instance`,
  can_stop_instance: msg`Stop instance`,
  can_access_instance_console: msg`Access console`,
  can_access_instance_setting: msg`Access settings`,
  can_read_instance_resource: msg`Read resources`,
  can_write_instance_resource: msg`Write resources`,
  can_access_instance_macro: msg`Access macros`,
  can_read_instance_file: msg`Read files`,
  can_write_instance_file: msg`Write files`,
  can_manage_instance_players: msg`Manage players`,
  can_create_instance: msg`Create instances`,
  can_delete_instance: msg`Delete instances`,
  can_read_global_file: msg`Read global files`,
  can_write_global_file: msg`Write global files`,
  can_manage_permission: msg`Manage permissions`,
  can_install_extension: msg`Install extensions`,
};
