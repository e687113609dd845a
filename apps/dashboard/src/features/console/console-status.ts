import { t } from '@lingui/core/macro';
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

// Getters: the texts are read in the active language each time they are shown.
export const INDICATOR_VIEWS: Readonly<Record<ConsoleIndicator, IndicatorView>> = {
  'no-permission': {
    get label() {
      return t`No permission`;
    },
    get tooltip() {
      return t`No permission to access console`;
    },
    tone: 'neutral',
  },
  loading: {
    get label() {
      return t`Loading`;
    },
    get tooltip() {
      return t`Loading console...`;
    },
    tone: 'warning',
  },
  buffered: {
    get label() {
      return t`History`;
    },
    get tooltip() {
      return t`History messages. No live updates`;
    },
    tone: 'warning',
  },
  live: {
    get label() {
      return t`Live`;
    },
    get tooltip() {
      return t`Console is live`;
    },
    tone: 'success',
  },
  'live-no-buffer': {
    get label() {
      return t`Live`;
    },
    get tooltip() {
      return t`Console is live but failed to fetch history. Your internet connection may be unstable`;
    },
    tone: 'warning',
  },
  closed: {
    get label() {
      return t`Closed`;
    },
    get tooltip() {
      return t`Console is closed`;
    },
    tone: 'neutral',
  },
  error: {
    get label() {
      return t`Disconnected`;
    },
    get tooltip() {
      return t`Connection lost or error`;
    },
    tone: 'danger',
  },
  stopped: {
    get label() {
      return t`Not running`;
    },
    get tooltip() {
      return t`Instance is stopped`;
    },
    tone: 'neutral',
  },
};

/** The command input: disabled with the reason as its placeholder, or enabled. */
export function commandInputState(indicator: ConsoleIndicator): {
  disabled: boolean;
  placeholder: string;
} {
  switch (indicator) {
    case 'no-permission':
      return { disabled: true, placeholder: t`No permission` };
    case 'stopped':
      return { disabled: true, placeholder: t`Instance is stopped` };
    case 'closed':
      return { disabled: true, placeholder: t`Console is closed` };
    case 'loading':
    case 'buffered':
    case 'live':
    case 'live-no-buffer':
    case 'error':
      return { disabled: false, placeholder: t`Enter command...` };
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

/** An instance state in words, in the active language. */
export function instanceStateLabel(state: InstanceState): string {
  switch (state) {
    case 'Running':
      return t`Running`;
    case 'Starting':
      return t`Starting`;
    case 'Stopping':
      return t`Stopping`;
    case 'Stopped':
      return t`Stopped`;
    case 'Error':
      return t`Error`;
  }
}
