import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientFile } from '@hearth/protocol';
import { getFileListQueryOptions, useFileList } from './api/get-file-list.ts';
import { selectedFiles } from './model/browser-state.ts';
import { isCoreFile, loadShowCoreFiles, saveShowCoreFiles } from './model/core-files.ts';
import { unzipModeOf } from './model/context-menu-model.ts';
import type { MenuEntryId } from './model/context-menu-model.ts';
import { isDirectory } from './model/file-kind.ts';
import { isUploadFailure, menuTargets } from './model/file-plans.ts';
import { UNARCHIVE_SELECTED_MODE, canUnarchiveSelection } from './model/unzip-rules.ts';
import { useFileBrowser } from './use-file-browser.ts';
import { useFileOperationEvents } from './use-file-events.ts';
import type { FsCompleted } from './use-file-events.ts';
import { useFileOperations } from './use-file-operations.ts';
import { useOpenFile } from './use-open-file.ts';
import { useUploads } from './use-uploads.ts';

export type FileDialog =
  | { kind: 'new-file' }
  | { kind: 'new-folder' }
  | { kind: 'rename'; file: ClientFile }
  | { kind: 'delete'; items: readonly ClientFile[] };

const NO_FILES: readonly ClientFile[] = [];

/** Everything the Files tab's components share, built from the smaller hooks. */
export function useFilesController(instanceUuid: string, canWrite: boolean) {
  const { state, dispatch, setPath } = useFileBrowser(instanceUuid);
  const list = useFileList(instanceUuid, state.path, true);
  const [showCoreFiles, setShowCoreFilesState] = useState(loadShowCoreFiles);
  const setShowCoreFiles = useCallback((show: boolean) => {
    saveShowCoreFiles(show);
    setShowCoreFilesState(show);
  }, []);
  const listed = list.data ?? NO_FILES;
  const coreFiles = useMemo(
    () => listed.filter((file) => isCoreFile(file, state.path)),
    [listed, state.path],
  );
  // Hidden Hearth files are out of everything: rows, selection, select-all, the footer.
  const files = useMemo(
    () =>
      showCoreFiles || coreFiles.length === 0
        ? listed
        : listed.filter((f) => !coreFiles.includes(f)),
    [showCoreFiles, coreFiles, listed],
  );
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({
      queryKey: getFileListQueryOptions(instanceUuid, state.path).queryKey,
    });
  }, [queryClient, instanceUuid, state.path]);
  const uploads = useUploads(instanceUuid, refresh);
  const { takeReportedFailure } = uploads;
  useFileOperationEvents(
    instanceUuid,
    refresh,
    useCallback(
      (completed: FsCompleted) => !(isUploadFailure(completed.message) && takeReportedFailure()),
      [takeReportedFailure],
    ),
  );
  const ops = useFileOperations(instanceUuid, state, dispatch, refresh);
  const editor = useOpenFile(instanceUuid, state, dispatch);
  const selected = useMemo(() => selectedFiles(state, files), [state, files]);
  const [dialog, setDialog] = useState<FileDialog | null>(null);

  const open = useCallback(
    (file: ClientFile) => {
      if (isDirectory(file)) void setPath(file.path);
      else dispatch({ type: 'open-file', file });
    },
    [setPath, dispatch],
  );
  const toggle = useCallback(
    (path: string) => dispatch({ type: 'toggle-selected', path }),
    [dispatch],
  );
  const allSelected = files.length > 0 && selected.length === files.length;
  const toggleAll = useCallback(
    () =>
      dispatch(
        allSelected
          ? { type: 'deselect-all' }
          : { type: 'select-all', paths: files.map((f) => f.path) },
      ),
    [allSelected, files, dispatch],
  );
  const unarchiveSelected = useCallback(() => {
    const [only] = selected;
    if (only && canUnarchiveSelection(selected)) void ops.unzip(only, UNARCHIVE_SELECTED_MODE);
  }, [selected, ops]);

  /** Runs a context-menu entry for the right-clicked row (or the empty area). */
  const runMenuAction = useCallback(
    (id: MenuEntryId, target: ClientFile | null) => {
      const targets = menuTargets(target, selected);
      switch (id) {
        case 'copy':
        case 'cut':
          ops.toClipboard(id, targets);
          return;
        case 'paste':
          void ops.paste();
          return;
        case 'rename':
          if (targets[0]) setDialog({ kind: 'rename', file: targets[0] });
          return;
        case 'delete':
          setDialog({ kind: 'delete', items: targets });
          return;
        case 'zip':
          void ops.zip(targets);
          return;
        case 'unzip:Normal':
        case 'unzip:Smart':
        case 'unzip:ToDirectoryWithFileName': {
          const mode = unzipModeOf(id);
          if (target && mode) void ops.unzip(target, mode);
          return;
        }
        case 'new-folder':
          setDialog({ kind: 'new-folder' });
          return;
        case 'new-file':
          setDialog({ kind: 'new-file' });
          return;
      }
    },
    [selected, ops],
  );

  return {
    instanceUuid,
    canWrite,
    state,
    dispatch,
    setPath,
    list,
    files,
    /** Hearth's own files in this folder (shown only when `showCoreFiles`). */
    coreFiles,
    showCoreFiles,
    setShowCoreFiles,
    selected,
    allSelected,
    refresh,
    ops,
    uploads,
    editor,
    dialog,
    setDialog,
    open,
    toggle,
    toggleAll,
    unarchiveSelected,
    runMenuAction,
  };
}

export type FilesController = ReturnType<typeof useFilesController>;
