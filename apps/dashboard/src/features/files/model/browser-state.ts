import type { ClientFile } from '@hearth/protocol';
import { isSameOrInside, normalizeDirPath } from './file-path.ts';

// The Files tab's state and the rules of dashboard.md §4 "File clipboard":
// paste moves (cut) or copies, then clears the clipboard; opening another file discards unsaved
// edits; deleting or moving the open file closes it; changing the path clears the selection and
// the opened file; changing instance resets the path and clears the clipboard.

export type ClipboardAction = 'cut' | 'copy';

export interface FileClipboard {
  action: ClipboardAction;
  items: readonly ClientFile[];
}

export interface BrowserState {
  instanceUuid: string;
  path: string;
  /** Paths of the checked rows. */
  selected: ReadonlySet<string>;
  clipboard: FileClipboard | null;
  openFile: ClientFile | null;
  /** Unsaved text of the open file; null when untouched. */
  draft: string | null;
}

export type BrowserAction =
  | { type: 'instance-changed'; instanceUuid: string }
  | { type: 'path-changed'; path: string }
  | { type: 'toggle-selected'; path: string }
  | { type: 'select-all'; paths: readonly string[] }
  | { type: 'deselect-all' }
  | { type: 'open-file'; file: ClientFile }
  | { type: 'close-file' }
  | { type: 'edit'; text: string }
  | { type: 'discard' }
  | { type: 'saved' }
  | { type: 'to-clipboard'; action: ClipboardAction; items: readonly ClientFile[] }
  | { type: 'pasted' }
  | { type: 'removed'; paths: readonly string[] }
  | { type: 'moved'; from: string };

const NO_SELECTION: ReadonlySet<string> = new Set();

export function initialBrowserState(instanceUuid: string, path: string): BrowserState {
  return {
    instanceUuid,
    path: normalizeDirPath(path),
    selected: NO_SELECTION,
    clipboard: null,
    openFile: null,
    draft: null,
  };
}

function underAny(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => isSameOrInside(path, root));
}

/** Drops everything at or below `gone` from the selection, the clipboard and the editor. */
function forget(
  state: BrowserState,
  gone: readonly string[],
  keepClipboard: boolean,
): BrowserState {
  const selected = new Set([...state.selected].filter((p) => !underAny(p, gone)));
  const items = state.clipboard?.items.filter((f) => !underAny(f.path, gone)) ?? [];
  const clipboard =
    keepClipboard || !state.clipboard
      ? state.clipboard
      : items.length > 0
        ? { ...state.clipboard, items }
        : null;
  const closes = state.openFile !== null && underAny(state.openFile.path, gone);
  return {
    ...state,
    selected: selected.size === state.selected.size ? state.selected : selected,
    clipboard,
    openFile: closes ? null : state.openFile,
    draft: closes ? null : state.draft,
  };
}

export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  switch (action.type) {
    case 'instance-changed':
      if (action.instanceUuid === state.instanceUuid) return state;
      return initialBrowserState(action.instanceUuid, '.');
    case 'path-changed': {
      const path = normalizeDirPath(action.path);
      if (path === state.path) return state;
      return { ...state, path, selected: NO_SELECTION, openFile: null, draft: null };
    }
    case 'toggle-selected': {
      const selected = new Set(state.selected);
      if (!selected.delete(action.path)) selected.add(action.path);
      return { ...state, selected };
    }
    case 'select-all':
      return { ...state, selected: new Set(action.paths) };
    case 'deselect-all':
      return state.selected.size === 0 ? state : { ...state, selected: NO_SELECTION };
    case 'open-file':
      return { ...state, openFile: action.file, draft: null };
    case 'close-file':
      return { ...state, openFile: null, draft: null };
    case 'edit':
      return state.openFile ? { ...state, draft: action.text } : state;
    case 'discard':
    case 'saved':
      return { ...state, draft: null };
    case 'to-clipboard':
      if (action.items.length === 0) return state;
      return { ...state, clipboard: { action: action.action, items: action.items } };
    case 'pasted':
      return { ...state, clipboard: null, selected: NO_SELECTION };
    case 'removed':
      return forget(state, action.paths, false);
    case 'moved':
      return forget(state, [action.from], true);
  }
}

/** The rows of `files` that are checked, in list order. */
export function selectedFiles(
  state: Pick<BrowserState, 'selected'>,
  files: readonly ClientFile[],
): ClientFile[] {
  if (state.selected.size === 0) return [];
  return files.filter((f) => state.selected.has(f.path));
}
