import { COMMAND_HISTORY_SIZE } from '@hearth/protocol';

// dashboard.md §2 Console: Up and Down walk the commands sent before (50 kept). Hearth keeps them
// per instance in localStorage, so they survive a reload. Pure state + a small storage wrapper.

export interface HistoryState {
  /** Oldest first. */
  readonly entries: readonly string[];
  /** Index into `entries`; `entries.length` means "editing a new command". */
  readonly cursor: number;
  /** What was typed before walking up, given back when walking down past the newest entry. */
  readonly draft: string;
}

export function initialHistory(entries: readonly string[] = []): HistoryState {
  const kept = entries.slice(-COMMAND_HISTORY_SIZE);
  return { entries: kept, cursor: kept.length, draft: '' };
}

/** After a submit: the command becomes the newest entry (an immediate repeat is kept once). */
export function pushCommand(state: HistoryState, command: string): HistoryState {
  const entries =
    state.entries.at(-1) === command
      ? state.entries
      : [...state.entries, command].slice(-COMMAND_HISTORY_SIZE);
  return { entries, cursor: entries.length, draft: '' };
}

export interface HistoryStep {
  state: HistoryState;
  /** The text to put in the input, or null to leave it as it is. */
  value: string | null;
}

export function historyUp(state: HistoryState, currentInput: string): HistoryStep {
  if (state.cursor === 0) return { state, value: null };
  const draft = state.cursor === state.entries.length ? currentInput : state.draft;
  const cursor = state.cursor - 1;
  return { state: { ...state, cursor, draft }, value: state.entries[cursor] ?? '' };
}

export function historyDown(state: HistoryState): HistoryStep {
  if (state.cursor >= state.entries.length) return { state, value: null };
  const cursor = state.cursor + 1;
  const value = cursor === state.entries.length ? state.draft : (state.entries[cursor] ?? '');
  return { state: { ...state, cursor }, value };
}

export function historyStorageKey(instanceUuid: string): string {
  return `hearth.console-history.${instanceUuid}`;
}

export function loadHistory(instanceUuid: string): string[] {
  try {
    const raw = localStorage.getItem(historyStorageKey(instanceUuid));
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is string => typeof entry === 'string')
      .slice(-COMMAND_HISTORY_SIZE);
  } catch {
    return [];
  }
}

export function saveHistory(instanceUuid: string, entries: readonly string[]): void {
  try {
    localStorage.setItem(
      historyStorageKey(instanceUuid),
      JSON.stringify(entries.slice(-COMMAND_HISTORY_SIZE)),
    );
  } catch (err) {
    console.warn('Could not save the command history', err);
  }
}
