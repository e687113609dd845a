import type { LogCategory, LogEntry, WebhookEvent } from '@hearth/protocol';

/**
 * Events a target can choose whose entries are simply "everything of this log category". A backup
 * or schedule activity (when those land) notifies through this map: one line per kind.
 */
const BY_CATEGORY: Partial<Record<LogCategory, WebhookEvent>> = {
  backups: 'backups',
  schedules: 'schedules',
  moderation: 'moderation',
};

/** Which of a target's event choices an entry is. */
export function webhookEventsOf(entry: LogEntry): WebhookEvent[] {
  const byCategory = BY_CATEGORY[entry.category];
  if (byCategory) return [byCategory];
  if (entry.source !== 'event') return [];
  const inner = entry.event_inner;
  if (inner.type === 'MacroEvent') {
    const m = inner.macro_event_inner;
    return m.type === 'Stopped' && m.exit_status.type === 'Error' ? ['macro_failures'] : [];
  }
  if (inner.type !== 'InstanceEvent') return [];
  const change = inner.instance_event_inner;
  switch (change.type) {
    case 'StateTransition':
      // A crash the server is restarted after has no InstanceError: its Stopped says crash.
      // Without restart_on_crash the InstanceError says so (counted there), not its Error.
      return change.to === 'Stopped' && change.reason === 'crash' ? ['state', 'crash'] : ['state'];
    case 'InstanceError':
      return ['crash'];
    case 'PlayerChange':
      return change.players_joined.length > 0 || change.players_left.length > 0 ? ['players'] : [];
    default:
      return [];
  }
}
