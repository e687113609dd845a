import type { InstanceState } from '@hearth/protocol';
import type { BadgeTone } from '@/components/ui/badge.tsx';

// dashboard.md §4 "Console status" and §2 Console: how the history fetch and the live socket
// combine into one status, and what the status indicator and the command input show for it.

export type ConsoleStatus =
  'loading' | 'buffered' | 'live-no-buffer' | 'live' | 'closed' | 'error' | 'no-permission';
/** What the indicator shows: a console status, or `stopped` while the instance is stopped. */
export type ConsoleIndicator = ConsoleStatus | 'stopped';

/** The history request (GET /console/buffer). */
export type BufferState = 'loading' | 'loaded' | 'failed';
/** The live socket as the console sees it: `error` stays until it is open again. */
export type StreamState = 'connecting' | 'open' | 'error' | 'closed';

export function consoleStatus(
  canAccess: boolean,
  buffer: BufferState,
  stream: StreamState,
): ConsoleStatus {
  if (!canAccess) return 'no-permission';
  switch (stream) {
    case 'closed':
      return 'closed';
    case 'error':
      return 'error';
    case 'open':
      if (buffer === 'loading') return 'loading';
      return buffer === 'loaded' ? 'live' : 'live-no-buffer';
    case 'connecting':
      return buffer === 'loaded' ? 'buffered' : 'loading';
  }
}

export function consoleIndicator(
  status: ConsoleStatus,
  instanceState: InstanceState,
): ConsoleIndicator {
  if (status !== 'no-permission' && instanceState === 'Stopped') return 'stopped';
  return status;
}

export interface IndicatorView {
  /** Short text beside the dot. */
  label: string;
  /** dashboard.md §2, word for word. */
  tooltip: string;
  tone: BadgeTone;
}

export const INDICATOR_VIEWS: Readonly<Record<ConsoleIndicator, IndicatorView>> = {
  'no-permission': {
    label: 'No permission',
    tooltip: 'No permission to access console',
    tone: 'neutral',
  },
  loading: { label: 'Loading', tooltip: 'Loading console...', tone: 'warning' },
  buffered: { label: 'History', tooltip: 'History messages. No live updates', tone: 'warning' },
  live: { label: 'Live', tooltip: 'Console is live', tone: 'success' },
  'live-no-buffer': {
    label: 'Live',
    tooltip:
      'Console is live but failed to fetch history. Your internet connection may be unstable',
    tone: 'warning',
  },
  closed: { label: 'Closed', tooltip: 'Console is closed', tone: 'neutral' },
  error: { label: 'Disconnected', tooltip: 'Connection lost or error', tone: 'danger' },
  stopped: { label: 'Not running', tooltip: 'Instance is stopped', tone: 'neutral' },
};

export const COMMAND_PLACEHOLDER = 'Enter command...';

/** The command input: disabled with the reason as its placeholder, or enabled. */
export function commandInputState(indicator: ConsoleIndicator): {
  disabled: boolean;
  placeholder: string;
} {
  switch (indicator) {
    case 'no-permission':
      return { disabled: true, placeholder: 'No permission' };
    case 'stopped':
      return { disabled: true, placeholder: 'Instance is stopped' };
    case 'closed':
      return { disabled: true, placeholder: 'Console is closed' };
    case 'loading':
    case 'buffered':
    case 'live':
    case 'live-no-buffer':
    case 'error':
      return { disabled: false, placeholder: COMMAND_PLACEHOLDER };
  }
}

const STATE_TONES: Readonly<Record<InstanceState, BadgeTone>> = {
  Running: 'success',
  Starting: 'warning',
  Stopping: 'warning',
  Stopped: 'neutral',
  Error: 'danger',
};

export function instanceStateTone(state: InstanceState): BadgeTone {
  return STATE_TONES[state];
}
