import { useCallback, useRef } from 'react';
import {
  historyDown,
  historyUp,
  initialHistory,
  loadHistory,
  pushCommand,
  saveHistory,
} from './command-history.ts';
import type { HistoryState } from './command-history.ts';

export interface CommandHistory {
  /** Up arrow: the older command to show, or null to leave the input alone. */
  up: (currentInput: string) => string | null;
  /** Down arrow: the newer command (or the draft), or null. */
  down: () => string | null;
  /** After a submit. */
  push: (command: string) => void;
}

/** The command history of one instance, loaded from and saved to localStorage. */
export function useCommandHistory(instanceUuid: string): CommandHistory {
  const state = useRef<{ uuid: string; history: HistoryState } | null>(null);
  const current = useCallback((): HistoryState => {
    if (state.current?.uuid !== instanceUuid) {
      state.current = { uuid: instanceUuid, history: initialHistory(loadHistory(instanceUuid)) };
    }
    return state.current.history;
  }, [instanceUuid]);
  const set = useCallback(
    (history: HistoryState) => {
      state.current = { uuid: instanceUuid, history };
    },
    [instanceUuid],
  );

  const up = useCallback(
    (currentInput: string) => {
      const step = historyUp(current(), currentInput);
      set(step.state);
      return step.value;
    },
    [current, set],
  );
  const down = useCallback(() => {
    const step = historyDown(current());
    set(step.state);
    return step.value;
  }, [current, set]);
  const push = useCallback(
    (command: string) => {
      // Re-read storage first: another tab on the same instance may have added commands.
      const next = pushCommand(initialHistory(loadHistory(instanceUuid)), command);
      set(next);
      saveHistory(instanceUuid, next.entries);
    },
    [set, instanceUuid],
  );
  return { up, down, push };
}
