import { z } from 'zod/mini';

const InstanceIds = z.array(z.string());

/**
 * core-api.md §2.11: all keys always present on output; can_install_extension defaults to false,
 * and Hearth's own can_manage_instance_players to no instances.
 */
export const UserPermissionSchema = z.object({
  can_view_instance: InstanceIds,
  can_start_instance: InstanceIds,
  can_stop_instance: InstanceIds,
  can_access_instance_console: InstanceIds,
  can_access_instance_setting: InstanceIds,
  can_read_instance_resource: InstanceIds,
  can_write_instance_resource: InstanceIds,
  can_access_instance_macro: InstanceIds,
  can_read_instance_file: InstanceIds,
  can_write_instance_file: InstanceIds,
  can_create_instance: z.boolean(),
  can_delete_instance: z.boolean(),
  can_read_global_file: z.boolean(),
  can_write_global_file: z.boolean(),
  can_manage_permission: z.boolean(),
  can_install_extension: z._default(z.boolean(), false),
  /**
   * Hearth (issue 27): kick, ban, op and whitelist from the panel. Last, after the reference's
   * keys; Lodestone clients omit it (no instances).
   */
  can_manage_instance_players: z._default(InstanceIds, []),
});
export type UserPermission = z.output<typeof UserPermissionSchema>;

/** dashboard.md §6: the Unsafe Settings section; core-api.md §2.11 "unsafe / owner exclusive". */
export const UNSAFE_PERMISSION_KEYS = [
  'can_write_instance_resource',
  'can_access_instance_macro',
  'can_write_instance_file',
  'can_write_global_file',
  'can_manage_permission',
] as const;

export const UserIdSchema = z.string().check(z.minLength(1));

export const PublicUserSchema = z.object({
  uid: UserIdSchema,
  username: z.string(),
  is_owner: z.boolean(),
  is_admin: z.boolean(),
  permissions: UserPermissionSchema,
});
export type PublicUser = z.output<typeof PublicUserSchema>;

export const LoginReplySchema = z.object({ token: z.string(), user: PublicUserSchema });
export type LoginReply = z.output<typeof LoginReplySchema>;

export const CredentialsSchema = z.object({ username: z.string(), password: z.string() });
export type Credentials = z.infer<typeof CredentialsSchema>;

export const ChangePasswordRequestSchema = z.object({
  uid: UserIdSchema,
  old_password: z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((v) => v ?? null),
  ),
  new_password: z.string(),
});
export type ChangePasswordRequest = z.output<typeof ChangePasswordRequestSchema>;

/** Token claims (core-api.md §1.2): exactly uid and exp. */
export const TokenClaimsSchema = z.object({ uid: z.string(), exp: z.number() });
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;
