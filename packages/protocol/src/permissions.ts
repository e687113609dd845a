import type { PowerAction } from './schedules.ts';
import type { PublicUser, UserPermission } from './users.ts';

// The permission rules of core-api.md §1.5, once: the core enforces them and the dashboard gates
// its controls with the same function (conventions.md habit 13).

/** core-api.md §1.5: what a route asks to do. */
export type UserAction =
  | { type: 'ViewInstance'; instance: string }
  | { type: 'StartInstance'; instance: string }
  | { type: 'StopInstance'; instance: string }
  | { type: 'AccessConsole'; instance: string }
  | { type: 'AccessSetting'; instance: string }
  | { type: 'ReadResource'; instance: string }
  | { type: 'WriteResource'; instance: string }
  | { type: 'AccessMacro'; instance: string | null }
  | { type: 'ReadInstanceFile'; instance: string }
  | { type: 'WriteInstanceFile'; instance: string }
  /** Hearth (issue 27): kick, ban, op and whitelist players from the panel. */
  | { type: 'ManagePlayers'; instance: string }
  | { type: 'CreateInstance' }
  | { type: 'DeleteInstance' }
  | { type: 'ReadGlobalFile' }
  | { type: 'WriteGlobalFile' }
  | { type: 'ManageUser' }
  | { type: 'ManagePermission' }
  | { type: 'InstallExtension' };
export type UserActionType = UserAction['type'];

/** Who asks: the parts of a user the rules read. */
export interface Principal {
  uid: string;
  isOwner: boolean;
  isAdmin: boolean;
  permissions: UserPermission;
}

/** The principal of a user as the wire carries it (GET /user/info). */
export function principalOf(
  user: Pick<PublicUser, 'uid' | 'is_owner' | 'is_admin' | 'permissions'>,
): Principal {
  return {
    uid: user.uid,
    isOwner: user.is_owner,
    isAdmin: user.is_admin,
    permissions: user.permissions,
  };
}

/** Actions that safe mode withholds from everyone but the owner (core-api.md §1.5, §3.17). */
export function isUnsafeAction(action: UserAction): boolean {
  switch (action.type) {
    case 'ReadGlobalFile':
    case 'WriteGlobalFile':
    case 'ManageUser':
    case 'ManagePermission':
    case 'InstallExtension':
      return true;
    default:
      return false;
  }
}

/**
 * The permission model of core-api.md §1.5, with one deliberate difference: safe mode never
 * applies to the owner (reference issue #399 locked owners out of user management).
 */
export function canPerform(user: Principal, action: UserAction, safeMode: boolean): boolean {
  if (user.isOwner) return true;
  if (safeMode && isUnsafeAction(action)) return false;
  const p = user.permissions;
  const admin = user.isAdmin;
  switch (action.type) {
    case 'ViewInstance':
      return admin || p.can_view_instance.includes(action.instance);
    case 'StartInstance':
      return admin || p.can_start_instance.includes(action.instance);
    case 'StopInstance':
      return admin || p.can_stop_instance.includes(action.instance);
    case 'AccessConsole':
      return admin || p.can_access_instance_console.includes(action.instance);
    case 'AccessSetting':
      return admin || p.can_access_instance_setting.includes(action.instance);
    case 'ReadResource':
      return admin || p.can_read_instance_resource.includes(action.instance);
    case 'WriteResource':
      return p.can_write_instance_resource.includes(action.instance);
    case 'AccessMacro':
      return action.instance !== null && p.can_access_instance_macro.includes(action.instance);
    case 'ReadInstanceFile':
      return admin || p.can_read_global_file || p.can_read_instance_file.includes(action.instance);
    case 'WriteInstanceFile':
      return p.can_write_global_file || p.can_write_instance_file.includes(action.instance);
    case 'ManagePlayers':
      // Not unsafe: the console (which admins and console users have) can do all of it already.
      return admin || p.can_manage_instance_players.includes(action.instance);
    case 'CreateInstance':
      return admin || p.can_create_instance;
    case 'DeleteInstance':
      return admin || p.can_delete_instance;
    case 'ReadGlobalFile':
      return p.can_read_global_file;
    case 'WriteGlobalFile':
      return p.can_write_global_file;
    case 'ManageUser':
      return false;
    case 'ManagePermission':
      return p.can_manage_permission;
    case 'InstallExtension':
      return p.can_install_extension;
  }
}

const DENIAL: Record<UserActionType, string> = {
  ViewInstance: "You don't have permission to view this instance",
  StartInstance: "You don't have permission to start this instance",
  StopInstance: "You don't have permission to stop this instance",
  AccessConsole: "You don't have permission to access this instance's console",
  AccessSetting: "You don't have permission to access this instance's settings",
  ReadResource: "You don't have permission to read this instance's resources",
  WriteResource: "You don't have permission to write this instance's resources",
  AccessMacro: "You don't have permission to access this instance's macros",
  ReadInstanceFile: "You don't have permission to read this instance's files",
  WriteInstanceFile: "You don't have permission to write this instance's files",
  ManagePlayers: "You don't have permission to manage this instance's players",
  CreateInstance: "You don't have permission to create instances",
  DeleteInstance: "You don't have permission to delete instances",
  ReadGlobalFile: "You don't have permission to read global files",
  WriteGlobalFile: "You don't have permission to write global files",
  ManageUser: "You don't have permission to manage users",
  ManagePermission: "You don't have permission to manage permissions",
  InstallExtension: "You don't have permission to install extensions",
};

/** The cause of a 403 for `action`; says so when safe mode is what refused it. */
export function permissionDenialText(
  user: Principal,
  action: UserAction,
  safeMode: boolean,
): string {
  const safeNote = !user.isOwner && safeMode && isUnsafeAction(action) ? ' (safe mode is on)' : '';
  return DENIAL[action.type] + safeNote;
}

/** An action on one instance (the kind a per-instance permission key grants). */
export type InstanceActionType = Extract<UserAction, { instance: string }>['type'];

/**
 * What each power action needs on its instance (core-api.md §1.4.8, dashboard.md §6): Start needs
 * can_start_instance; Stop and Kill can_stop_instance; Restart is a stop and a start, so both. The
 * core's routes, a schedule's Power step and the dashboard's buttons all read this one table.
 */
export const POWER_ACTION_PERMISSIONS: Record<PowerAction, readonly InstanceActionType[]> = {
  start: ['StartInstance'],
  stop: ['StopInstance'],
  restart: ['StopInstance', 'StartInstance'],
  kill: ['StopInstance'],
};

/** The actions `power` asks for on `instance`, from POWER_ACTION_PERMISSIONS. */
export function powerActionNeeds(power: PowerAction, instance: string): UserAction[] {
  return POWER_ACTION_PERMISSIONS[power].map((type) => ({ type, instance }));
}
