import { PROGRESS_DISPLAY_CAP } from '@hearth/protocol';
import type { EventLevel } from '@hearth/protocol';

// dashboard.md §2 "Notification panel", §3 Notification / Ongoing progress: what the bell and the
// panel show. What the event stream turns into it is notification-events.ts (loaded with the
// stream, after the first paint).

export interface AppNotification {
  /** The event's snowflake. */
  key: string;
  title: string;
  message: string;
  /** ms since the epoch, from the snowflake. */
  timestamp: number;
  level: EventLevel;
  /** Arrived live and not yet seen in the panel (buffered events replay as not fresh). */
  fresh: boolean;
}

export interface OngoingProgress {
  event_id: string;
  title: string;
  message: string;
  progress: number;
  total: number | null;
  /** The instance being created, for the sidebar placeholder. */
  creationOf: string | null;
  startedAt: number;
}

export interface NotificationState {
  ongoing: OngoingProgress[];
  items: AppNotification[];
}

export const EMPTY_NOTIFICATIONS: NotificationState = { ongoing: [], items: [] };
/** The panel keeps this many; older ones drop off. */
export const NOTIFICATION_LIMIT = 200;

/** Percent shown for a progress, capped at 99 % (dashboard.md §9); null when the total is unknown. */
export function progressPercent(
  progress: Pick<OngoingProgress, 'progress' | 'total'>,
): number | null {
  if (progress.total === null || progress.total <= 0) return null;
  return Math.floor(Math.min(progress.progress / progress.total, PROGRESS_DISPLAY_CAP) * 100);
}

/** Opening the panel: nothing is new any more. */
export function markAllSeen(state: NotificationState): NotificationState {
  if (!state.items.some((i) => i.fresh)) return state;
  return { ...state, items: state.items.map((i) => (i.fresh ? { ...i, fresh: false } : i)) };
}

export function unreadCount(state: NotificationState): number {
  return state.items.filter((i) => i.fresh).length;
}
