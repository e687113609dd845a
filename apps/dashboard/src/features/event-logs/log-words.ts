import { logEntryInstanceName } from '@hearth/protocol';
import type { LogCategory, LogEntry } from '@hearth/protocol';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { causeWords, entrySentence } from './log-sentences.ts';

/** The kind filter's words (dashboard Event Logs), shown with `i18n._`. */
export const CATEGORY_LABELS: Record<LogCategory, MessageDescriptor> = {
  state: msg`Instance state`,
  console: msg`Console commands`,
  players: msg`Players`,
  files: msg`Files`,
  settings: msg`Settings`,
  users: msg`Users`,
  macros: msg`Macros`,
  backups: msg`Backups`,
  schedules: msg`Schedules`,
  tasks: msg`Tasks`,
  tunnels: msg`Tunnels`,
  moderation: msg`Player actions`,
};

/** What the page knows to name things: users by uid, instances by uuid (with their folder). */
export interface LogLookups {
  users: ReadonlyMap<string, string>;
  instances: ReadonlyMap<string, { name: string; path: string }>;
}

export interface EntryWords {
  title: string;
  /** The title is someone's words as written (a game's line, the core's progress text). */
  titleTheirs: boolean;
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

/** An entry in words for a row, in the active language: "Steve joined", "Stopped by alice", … */
export function entryWords(entry: LogEntry, look: LogLookups): EntryWords {
  const instance = entry.instance_uuid ? look.instances.get(entry.instance_uuid) : undefined;
  const { title, detail, theirs } = entrySentence(entry, {
    user: (uid) => look.users.get(uid),
    path: (absolute) => relativeTo(instance?.path, absolute),
  });
  return {
    title,
    titleTheirs: theirs === true,
    detail,
    instance: instance?.name ?? logEntryInstanceName(entry) ?? entry.instance_uuid,
    who: causeWords(entry.caused_by),
  };
}
