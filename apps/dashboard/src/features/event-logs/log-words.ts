import { causeName, describeLogEntry, logEntryInstanceName } from '@hearth/protocol';
import type { LogCategory, LogEntry } from '@hearth/protocol';

/** The kind filter's words (dashboard Event Logs). */
export const CATEGORY_LABELS: Record<LogCategory, string> = {
  state: 'Instance state',
  console: 'Console commands',
  players: 'Players',
  files: 'Files',
  settings: 'Settings',
  users: 'Users',
  macros: 'Macros',
  backups: 'Backups',
  schedules: 'Schedules',
  tasks: 'Tasks',
  tunnels: 'Tunnels',
  moderation: 'Player actions',
};

/** What the page knows to name things: users by uid, instances by uuid (with their folder). */
export interface LogLookups {
  users: ReadonlyMap<string, string>;
  instances: ReadonlyMap<string, { name: string; path: string }>;
}

export interface EntryWords {
  title: string;
  detail: string | null;
  instance: string | null;
  who: string;
}

/** A host path inside the instance's folder, shown relative to it. */
function relativeTo(folder: string | undefined, absolute: string): string {
  if (!folder) return absolute;
  const root = folder.endsWith('/') ? folder : `${folder}/`;
  return absolute.startsWith(root) ? absolute.slice(root.length) : absolute;
}

/** An entry in words for a row: "Steve joined", "Stopped by alice", … */
export function entryWords(entry: LogEntry, look: LogLookups): EntryWords {
  const instance = entry.instance_uuid ? look.instances.get(entry.instance_uuid) : undefined;
  const { title, detail } = describeLogEntry(entry, {
    user: (uid) => look.users.get(uid),
    path: (absolute) => relativeTo(instance?.path, absolute),
  });
  return {
    title,
    detail,
    instance: instance?.name ?? logEntryInstanceName(entry) ?? entry.instance_uuid,
    who: causeName(entry.caused_by),
  };
}
