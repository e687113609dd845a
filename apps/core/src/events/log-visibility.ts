import {
  INSTANCE_PERMISSION_KEYS,
  LOG_CATEGORIES,
  actorOf,
  activitySubject,
  type LogCategory,
  type LogEntry,
  type UserActionType,
} from '@hearth/protocol';
import type { PermissionGuard, Principal } from '../auth/permission-guard.ts';
import type { LogScope } from '../repositories/event-log-repository.ts';

/**
 * Who may see which event log entry, as data. An entry about an instance needs every listed
 * permission on that instance (a user who sees one instance sees only its entries); an entry about
 * no instance is shown to `everyone`, to the user it is about (`subject`), to whoever caused it
 * (`actor`), or — when absent — to the owner only. Matches the event stream's rules and refines
 * them per kind: console commands need the console, files file reading, settings the settings,
 * player actions (bans name addresses) the permission to manage players.
 */
const WITH_INSTANCE: Record<LogCategory, readonly UserActionType[]> = {
  state: ['ViewInstance'],
  console: ['ViewInstance', 'AccessConsole'],
  players: ['ViewInstance'],
  files: ['ViewInstance', 'ReadInstanceFile'],
  settings: ['ViewInstance', 'AccessSetting'],
  users: ['ViewInstance'],
  macros: ['ViewInstance', 'AccessMacro'],
  backups: ['ViewInstance'],
  schedules: ['ViewInstance'],
  tasks: ['ViewInstance'],
  tunnels: ['ViewInstance'],
  moderation: ['ViewInstance', 'ManagePlayers'],
};

const WITHOUT_INSTANCE: Partial<Record<LogCategory, 'everyone' | 'subject' | 'actor'>> = {
  users: 'subject',
  tasks: 'actor',
  tunnels: 'everyone',
};

/** An instance id no instance has: a permission that holds for it holds for every instance. */
const ANY_INSTANCE = '\u0000any';

/** The subject of an entry: the user a user event or an account security entry is about. */
function subjectOf(entry: LogEntry): string | null {
  if (entry.source === 'activity') return activitySubject(entry.activity);
  return entry.event_inner.type === 'UserEvent' ? entry.event_inner.user_id : null;
}

export class LogVisibility {
  constructor(private readonly guard: PermissionGuard) {}

  /** What `viewer` may see as it is now; null for the owner (everything). */
  scope(viewer: Principal): LogScope | null {
    if (viewer.isOwner) return null;
    const candidates = new Set<string>();
    for (const key of INSTANCE_PERMISSION_KEYS)
      for (const uuid of viewer.permissions[key]) candidates.add(uuid);
    const allowed = new Map<UserActionType, 'all' | string[]>();
    const instancesFor = (type: UserActionType): 'all' | string[] => {
      let found = allowed.get(type);
      if (found === undefined) {
        const can = (instance: string) => this.guard.can(viewer, { type, instance });
        found = can(ANY_INSTANCE) ? 'all' : [...candidates].filter(can);
        allowed.set(type, found);
      }
      return found;
    };
    const withInstance: LogScope['withInstance'] = {};
    for (const category of LOG_CATEGORIES) {
      let set: 'all' | string[] = 'all';
      for (const type of WITH_INSTANCE[category]) {
        const next = instancesFor(type);
        if (next === 'all') continue;
        set = set === 'all' ? next : set.filter((uuid) => next.includes(uuid));
      }
      if (set === 'all' || set.length > 0) withInstance[category] = set;
    }
    return { uid: viewer.uid, withInstance, withoutInstance: WITHOUT_INSTANCE };
  }

  /** The live-entry twin of the scope's SQL (event-log-repository.ts). */
  allows(scope: LogScope | null, entry: LogEntry): boolean {
    if (scope === null) return true;
    if (entry.instance_uuid !== null) {
      const set = scope.withInstance[entry.category];
      return set === 'all' || (set !== undefined && set.includes(entry.instance_uuid));
    }
    switch (scope.withoutInstance[entry.category]) {
      case 'everyone':
        return true;
      case 'subject':
        return subjectOf(entry) === scope.uid;
      case 'actor':
        return actorOf(entry.caused_by) === scope.uid;
      case undefined:
        return false;
    }
  }
}
